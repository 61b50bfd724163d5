import { z } from 'zod';
import { searchAnalyticsReport } from '../../../shared/search-analytics/analytics-reports';
import { ANALYTICS_REPORTS, REPORT_LIMITS } from '../../../shared/search-analytics/report-request';
import { searchAnalyticsQuery } from '../storefront-search-analytics/schemas';
import { siteIdArg } from './config-args';
import { instanceOf, type StorefrontToolDeps } from './storefront-deps';
import { toolArgsFromQuery } from './tool-args';
import { defineTool, type AnyTool } from './tool-registry';

const DESCRIPTION =
  'What shoppers search for on a site (as GET /api/v1/storefront/sites/{siteId}/search-analytics/{report}). ' +
  'report: top-queries (listing queries, most counted first), ' +
  'no-hit-queries (queries whose latest search found nothing, most no-hit requests first: candidates for ' +
  'synonyms and rules), top-filters (filter values used in listings), ' +
  'suggest-queries (search-as-you-type), volume (listing requests and no-hit requests per day, every day of ' +
  'the range, oldest first: the trend). ' +
  'Each query comes with its count, its no-hit count and its latest total; totals give every request and ' +
  'no-hit request of the range, ' +
  `and share = count / totals.requests. from and to are ISO dates (UTC, inclusive), the last ` +
  `${REPORT_LIMITS.defaultDays} days by default; limit 1 to ${REPORT_LIMITS.maxLimit}, default ` +
  `${REPORT_LIMITS.defaultLimit}. ` +
  'Each day keeps its most frequent queries only, so a rare query may be missing.';

/** Reading the search analytics the storefront records (read-only tokens may call it). */
export function analyticsTools(deps: StorefrontToolDeps): AnyTool[] {
  return [
    defineTool({
      name: 'get_storefront_search_analytics',
      title: 'Search analytics',
      input: z.object({
        siteId: siteIdArg,
        report: z
          .enum(ANALYTICS_REPORTS)
          .describe('top-queries, no-hit-queries, top-filters, suggest-queries or volume.'),
        ...toolArgsFromQuery(searchAnalyticsQuery).shape,
      }),
      description: DESCRIPTION,
      run: async ({ auth, args }) => {
        const { siteId, ...request } = args;
        return searchAnalyticsReport(deps.db, { tenantId: await instanceOf(deps, auth), siteId }, request);
      },
    }),
  ];
}
