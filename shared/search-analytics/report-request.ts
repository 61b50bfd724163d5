import { z } from 'zod';
import { AppError } from '../errors';
import { MARKET_CODE } from '../storefront-config/schemas';

/** The reports on a site's search analytics (docs/decisions.md, "Search analytics (issue 24)", reading). */
export const ANALYTICS_REPORTS = ['top-queries', 'no-hit-queries', 'top-filters', 'suggest-queries', 'volume'] as const;
export type AnalyticsReport = (typeof ANALYTICS_REPORTS)[number];

export const REPORT_LIMITS = { defaultLimit: 20, maxLimit: 100, defaultDays: 7, maxDays: 366 } as const;

// PostgreSQL has no year 0 and dates before the project existed hold no roll-ups: the range keeps every date storable.
const FIRST_DAY = '2000-01-01';
const isoDate = z.iso.date();

/** A calendar date written `YYYY-MM-DD`, from 2000-01-01 on (what `from` and `to` take). */
export const reportDay = z.string().refine((raw) => isoDate.safeParse(raw).success && raw >= FIRST_DAY, {
  message: `must be a calendar date written YYYY-MM-DD, from ${FIRST_DAY} on`,
});

/** A market code as the site configuration writes it; a code the site never had simply finds nothing. */
export const reportMarket = z
  .string()
  .regex(MARKET_CODE, 'must be a market code: lowercase letters, digits, hyphens or underscores (at most 64)');

export const reportLimit = z.number().int().min(1).max(REPORT_LIMITS.maxLimit);

/** What a reader asks for; every front door (REST, MCP, CLI) hands it to the service as it came. */
export const reportRequestSchema = z.strictObject({
  report: z.enum(ANALYTICS_REPORTS),
  from: reportDay.optional(),
  to: reportDay.optional(),
  market: reportMarket.optional(),
  limit: reportLimit.optional(),
});
export type ReportRequest = z.input<typeof reportRequestSchema>;

/** A request with its defaults applied and its range checked. */
export type ResolvedRequest = {
  report: AnalyticsReport;
  from: string;
  to: string;
  market: string | null;
  limit: number;
};

/** A request the reports cannot answer; every front door shows its message (REST: 400 `invalid_request`). */
export class ReportRequestError extends AppError {
  constructor(message: string) {
    super(400, 'invalid_request', message);
    this.name = 'ReportRequestError';
  }
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The request with each field checked (not yet the range); throws ReportRequestError naming each bad field. */
export function parseReportRequest(request: unknown): ReportRequest {
  const parsed = reportRequestSchema.safeParse(request);
  if (parsed.success) return parsed.data;
  throw new ReportRequestError(
    parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; '),
  );
}

/**
 * Validates a request and applies its defaults: `to` today (UTC), `from` six days before `to` (seven days, both
 * inclusive), limit 20. Throws ReportRequestError naming each bad field, or `from` after `to`, or a range over 366 days.
 */
export function resolveRequest(request: unknown, today: string): ResolvedRequest {
  const parsed = parseReportRequest(request);
  const { report, market, limit = REPORT_LIMITS.defaultLimit } = parsed;
  const to = parsed.to ?? today;
  const from = parsed.from ?? dayOf(Math.max(dayNumber(to) - (REPORT_LIMITS.defaultDays - 1), dayNumber(FIRST_DAY)));
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1)
    throw new ReportRequestError(
      `from (${from}) is after to (${to}${parsed.to === undefined ? ', today by default' : ''}).`,
    );
  if (days > REPORT_LIMITS.maxDays)
    throw new ReportRequestError(
      `from ${from} to ${to} is ${days} days; a report covers at most ${REPORT_LIMITS.maxDays}.`,
    );
  return { report, from, to, market: market ?? null, limit };
}
