import { searchAnalyticsReport } from '../../../shared/search-analytics/analytics-reports';
import { authOf } from '../auth/auth-context';
import { errorEnvelopeSchema } from '../openapi/common-schemas';
import { anyRoute, defineRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';
import { searchAnalyticsDto, searchAnalyticsParams, searchAnalyticsQuery, type SearchAnalyticsDto } from './schemas';

const DESCRIPTION =
  'A report on what shoppers search for on one site (the same as the MCP tool ' +
  'get_storefront_search_analytics and `npm run cli -- analytics`). ' +
  "Counts come from daily roll-ups that keep each day's most frequent queries and filter values, so a rare " +
  'one may be missing; totals count every request. ' +
  'A bad range (from after to, over 366 days) is 400 invalid_request.';

export const storefrontSearchAnalyticsRoutes = ({ db }: ResourceDeps) => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/storefront/sites/{siteId}/search-analytics/{report}',
      operationId: 'getStorefrontSearchAnalytics',
      summary: 'Search analytics of a storefront site: top queries, no-hit queries, top filters, suggest queries',
      description: DESCRIPTION,
      tag: 'Storefront',
      params: searchAnalyticsParams,
      query: searchAnalyticsQuery,
      responses: {
        200: { description: 'The report, with the request totals of its range', schema: searchAnalyticsDto },
        404: { description: 'No storefront site has this id in the tenant', schema: errorEnvelopeSchema },
      },
      handler: async (req, res) => {
        const { siteId, report } = req.params;
        const answer: SearchAnalyticsDto = await searchAnalyticsReport(
          db,
          { tenantId: authOf(req).tenantId, siteId },
          { report, ...req.query },
        );
        res.json(answer);
      },
    }),
  ),
];
