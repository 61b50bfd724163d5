import type { Knex } from '../../shared/db/knex';
import { searchAnalyticsReport } from '../../shared/search-analytics/analytics-reports';
import {
  ReportRequestError,
  parseReportRequest,
  resolveRequest,
  type ReportRequest,
} from '../../shared/search-analytics/report-request';
import { utcDay } from '../../shared/search-analytics/search-rollup';
import { ConfigNotFoundError } from '../../shared/storefront-config/errors';
import { UsageError, type CliCommand, type CliIo } from './command';
import { siteOf } from './storefront/context';
import { parseOptions, required, type Options } from './storefront/options';
import { withDatabase } from './with-database';

const USAGE =
  'npm run cli -- analytics --tenant T --site S --report top-queries|no-hit-queries|top-filters|suggest-queries|volume [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--market M] [--limit N]\n' +
  '  from and to are inclusive UTC days (default the last 7 days, today included); limit 1 to 100 (default 20; volume answers every day).';

type Parsed = { options: Options; request: ReportRequest };

const optional = (o: Options, name: string): string | undefined => (typeof o[name] === 'string' ? o[name] : undefined);

/** The options and the report request; bad ones are a UsageError, raised before any database is provisioned. */
function parseAnalyticsArgs(args: string[]): Parsed {
  const options = parseOptions(args, ['tenant', 'site', 'report', 'from', 'to', 'market', 'limit']);
  required(options, 'tenant');
  required(options, 'site');
  const limit = optional(options, 'limit');
  if (limit !== undefined && !/^\d{1,9}$/.test(limit))
    throw new UsageError('--limit must be a whole number from 1 to 100');
  const raw = {
    report: required(options, 'report'),
    from: optional(options, 'from'),
    to: optional(options, 'to'),
    market: optional(options, 'market'),
    limit: limit === undefined ? undefined : Number(limit),
  };
  try {
    const request = parseReportRequest(raw);
    resolveRequest(request, utcDay(Date.now()));
    return { options, request };
  } catch (err) {
    if (err instanceof ReportRequestError) throw new UsageError(err.message);
    throw err;
  }
}

/** `analytics ...` against `db`: prints the report as JSON; exit 1 for a site the tenant does not have. */
export async function runAnalytics(db: Knex, args: string[], io: CliIo): Promise<number> {
  const { options, request } = parseAnalyticsArgs(args);
  try {
    const scope = await siteOf(db, options);
    io.out(JSON.stringify(await searchAnalyticsReport(db, scope, request), null, 2));
    return 0;
  } catch (err) {
    if (!(err instanceof ConfigNotFoundError)) throw err;
    io.err(err.message);
    return 1;
  }
}

/** `npm run cli -- analytics`: the same reports as the MCP tool and the REST route, from the same service function. */
export const analyticsCommand: CliCommand = {
  summary:
    'search analytics of a storefront site (top queries, no-hit queries, top filters, suggest queries, requests per day)',
  usage: USAGE,
  run: async (args, io) => {
    parseAnalyticsArgs(args);
    return withDatabase((db) => runAnalytics(db, args, io));
  },
};
