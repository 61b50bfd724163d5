import { badRequest } from '../../../shared/errors';

export const SITEMAP_TYPES = ['product', 'collection', 'brand'] as const;
export type SitemapType = (typeof SITEMAP_TYPES)[number];

/** Rows per page: default and most (the sitemap protocol allows 50,000 URLs a file; clients page into it). */
export const SITEMAP_PAGE_SIZE = 1000;

const SINCE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

export interface SitemapParams {
  type: SitemapType;
  since: Date | null;
  page: number;
  pageSize: number;
}

/** The calendar date exists (Date would roll 2025-02-30 over into March). */
function realDate(raw: string): boolean {
  const [y, m, d] = raw.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

function positive(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw badRequest('INVALID_PAGE', `${name} must be a positive integer`);
  return Number(raw);
}

/**
 * `type` (required: product, collection or brand; else INVALID_TYPE), `since` (an ISO 8601 date, or date-time
 * with an offset; else INVALID_SINCE), `page` and `pageSize` (1 to 1000, default 1000; else INVALID_PAGE).
 */
export function sitemapParams(query: Record<string, string | undefined>): SitemapParams {
  const type = query.type;
  if (type === undefined || !(SITEMAP_TYPES as readonly string[]).includes(type)) {
    throw badRequest('INVALID_TYPE', `type is one of ${SITEMAP_TYPES.join(', ')}`);
  }
  let since: Date | null = null;
  if (query.since !== undefined) {
    // A '+' offset arrives as a space when the client did not encode it.
    const raw = query.since.replace(' ', '+');
    const at = SINCE.test(raw) && realDate(raw) ? new Date(raw) : null;
    if (at === null || Number.isNaN(at.getTime()))
      throw badRequest(
        'INVALID_SINCE',
        'since is an ISO 8601 date or date-time with an offset, such as 2025-06-01T00:00:00Z',
      );
    since = at;
  }
  const page = positive(query.page, 1, 'page');
  const pageSize = positive(query.pageSize, SITEMAP_PAGE_SIZE, 'pageSize');
  if (pageSize > SITEMAP_PAGE_SIZE) throw badRequest('INVALID_PAGE', `pageSize is at most ${SITEMAP_PAGE_SIZE}`);
  return { type: type as SitemapType, since, page, pageSize };
}
