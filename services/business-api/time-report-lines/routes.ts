import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';
import { listTimeReportLines } from './queries';
import { TIME_REPORT_CAP, timeReportLineDto, timeReportLinesQuery } from './schemas';

export const timeReportLineRoutes = ({ db }: ResourceDeps) => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/time-report-lines',
      operationId: 'listTimeReportLines',
      summary: 'Time reported per person, optionally on an order or customer',
      tag: 'Time reports',
      query: timeReportLinesQuery,
      responses: {
        200: {
          description: `Matching lines, newest day first (not a page): at most ${TIME_REPORT_CAP}; narrow with from/to`,
          schema: timeReportLineDto.array(),
        },
      },
      handler: async (req, res) => {
        res.json(await listTimeReportLines(db, authOf(req).tenantId, req.query));
      },
    }),
  ),
];
