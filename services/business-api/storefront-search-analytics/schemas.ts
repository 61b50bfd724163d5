import { z } from 'zod';
import {
  ANALYTICS_REPORTS,
  REPORT_LIMITS,
  reportDay,
  reportMarket,
} from '../../../shared/search-analytics/report-request';
import { int32Param } from '../http/path-ids';

const REPORTS_TEXT =
  'top-queries: listing queries, most counted first; no-hit-queries: listing queries whose latest search ' +
  'found nothing, most no-hit requests first ' +
  '(a query that finds products again leaves the list); top-filters: filter values used in listings; ' +
  'suggest-queries: search-as-you-type queries; ' +
  'volume: listing requests per day, one item for every day of the range (0 for a quiet day), oldest first ' +
  '(limit does not apply).';

export const searchAnalyticsParams = z.object({
  siteId: int32Param.meta({
    type: 'integer',
    format: 'int32',
    description: 'The storefront site; one of another tenant is not found.',
  }),
  report: z.enum(ANALYTICS_REPORTS).meta({ description: REPORTS_TEXT }),
});

const day = (description: string) => reportDay.meta({ type: 'string', format: 'date', description }).optional();

/** The query of the REST route; the MCP tool takes the same fields through it (tool-args.ts). */
export const searchAnalyticsQuery = z.object({
  from: day(
    `First day (UTC, inclusive), YYYY-MM-DD; default ${REPORT_LIMITS.defaultDays - 1} days before to. The ` +
      `range is at most ${REPORT_LIMITS.maxDays} days.`,
  ),
  to: day('Last day (UTC, inclusive), YYYY-MM-DD; default today.'),
  market: reportMarket.meta({ description: 'Only this market (its code); default every market.' }).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(REPORT_LIMITS.maxLimit)
    .default(REPORT_LIMITS.defaultLimit)
    .meta({ description: `How many items, 1 to ${REPORT_LIMITS.maxLimit} (default ${REPORT_LIMITS.defaultLimit}).` }),
});

const count = (description: string) => z.number().int().min(0).meta({ description });
const share = z
  .number()
  .min(0)
  .meta({ description: 'count / totals.requests, to six decimals (0 when there were no requests).' });

const queryItem = z
  .object({
    query: z.string().meta({ description: 'The query as search normalises it.' }),
    count: count('Requests with this query in the range.'),
    noHits: count('Those of them that found nothing.'),
    latestTotal: count('The result total of its latest request in the range (0: it found nothing).'),
    share,
  })
  .meta({ id: 'SearchQueryStatDto' });

const filterItem = z
  .object({
    filter: z.string().meta({ description: 'A filter value as key=value.' }),
    count: count('Listings in the range that used it.'),
    share,
  })
  .meta({ id: 'SearchFilterStatDto' });

const volumeItem = z
  .object({
    day: z.string().meta({ format: 'date', description: 'The UTC day.' }),
    requests: count('Listing requests that day, browse listings included.'),
    noHitRequests: count('Those that found nothing.'),
  })
  .meta({ id: 'SearchVolumeDayDto' });

export const searchAnalyticsDto = z
  .object({
    siteId: z.number().int(),
    report: z.enum(ANALYTICS_REPORTS),
    from: z.string().meta({ format: 'date' }),
    to: z.string().meta({ format: 'date' }),
    market: z.string().nullable().meta({ description: 'The market read; null for every market.' }),
    limit: z.number().int(),
    totals: z
      .object({
        requests: count(
          "Every request of the report's kind (listings, or suggests) in the range, browse listings included.",
        ),
        noHitRequests: count('Those that found nothing.'),
      })
      .meta({ description: 'What the items are a share of: all requests, whether or not their query was kept.' }),
    items: z.array(z.union([queryItem, filterItem, volumeItem])).meta({
      description:
        'SearchQueryStatDto for the query reports, SearchFilterStatDto for top-filters, most counted first; ' +
        'SearchVolumeDayDto for volume, one per day, oldest first.',
    }),
  })
  .meta({ id: 'SearchAnalyticsReportDto' });

export type SearchAnalyticsDto = z.infer<typeof searchAnalyticsDto>;
