import type { Knex } from '../../../shared/db/knex';
import { SearchEngineError, type SearchEngine } from '../../../shared/search';
import { searchAnalyticsReport } from '../../../shared/search-analytics/analytics-reports';
import { ConfigValidationError } from '../../../shared/storefront-config/errors';
import type { SiteConfig } from '../../../shared/storefront-config/schemas';
import { getPublished, getSite } from '../../../shared/storefront-config/site-store';
import { loadTenantFacts, type TenantFacts } from '../../../indexer/documents/site-config';
import type { IndexedCard } from '../../../indexer/documents/card';
import { siteIndexNames } from '../../../indexer/runs/index-names';
import { SiteCatalogue } from '../catalogue/site-catalogue';
import { cardOf } from '../listing/listing-response';
import { planListing } from '../listing/listing-plan';
import { compareResults, type ResultChange, type ResultItem } from './result-changes';

/** How many products of each answer the preview compares, and most queries one preview runs. */
export const PREVIEW_TOP = 10;
export const MAX_PREVIEW_QUERIES = 50;

/** One side of the comparison: the configuration, and the index its searches read. */
interface Side {
  catalogue: SiteCatalogue;
  alias: string;
}

export interface SearchChangesPreview {
  siteId: number;
  market: string;
  language: string;
  /** Where the queries came from: the caller, or the site's most frequent searches of the last 7 days. */
  source: 'given' | 'top-queries';
  /** The live side reads the live index; the draft side the preview index when one is built, else the live index. */
  indices: { live: string | null; draft: string };
  queries: ResultChange[];
}

async function queriesOf(
  db: Knex,
  scope: { tenantId: number; siteId: number },
  given: readonly string[] | undefined,
): Promise<{ queries: string[]; source: SearchChangesPreview['source'] }> {
  if (given !== undefined && given.length > 0)
    return {
      queries: [...new Set(given.map((q) => q.trim()).filter(Boolean))].slice(0, MAX_PREVIEW_QUERIES),
      source: 'given',
    };
  const report = await searchAnalyticsReport(db, scope, { report: 'top-queries', limit: PREVIEW_TOP });
  const queries = report.items.map((item) => ('query' in item ? item.query : '')).filter((q) => q !== '');
  if (queries.length === 0)
    throw new ConfigValidationError([
      {
        field: 'queries',
        message: 'no queries given, and the site has no recorded searches in the last 7 days to take them from',
      },
    ]);
  return { queries, source: 'top-queries' };
}

function sideOf(config: SiteConfig, facts: TenantFacts, version: number | null, siteId: number, alias?: string): Side {
  return {
    catalogue: new SiteCatalogue(config, facts, version),
    alias: alias ?? siteIndexNames(siteId, config.site.code).alias,
  };
}

/**
 * The first PREVIEW_TOP products a shopper on the market would see for `q` on one side (none when the side has no
 * index).
 */
async function topResults(
  engine: SearchEngine,
  side: Side | null,
  q: string,
  marketCode: string,
  now: number,
): Promise<ResultItem[]> {
  if (side === null) return [];
  const market = side.catalogue.markets.find((m) => m.code === marketCode) ?? side.catalogue.defaultMarket;
  if (market === undefined) return [];
  const plan = planListing(
    { q, pageSize: String(PREVIEW_TOP), filters: new Map() },
    side.catalogue,
    market,
    market.language,
    undefined,
    now,
  );
  const result = await engine.search(side.alias, { ...plan.request, facets: [] }).catch((error: unknown) => {
    // A side whose index was never built finds nothing; any other failure is the caller's to see.
    if (error instanceof SearchEngineError && error.code === 'INDEX_NOT_FOUND') return null;
    throw error;
  });
  return (result?.hits ?? []).map((hit) => {
    const card = cardOf(hit.card as IndexedCard, side.catalogue, market, market.language);
    return { id: hit.id, name: card?.name ?? hit.id };
  });
}

/**
 * What publishing the draft would change in search results: for each query (given, else the site's most
 * frequent), the top products of the live configuration on the live index against the draft's on the preview
 * index (the live one when no preview is built), with what entered, left and moved. The storefront's own
 * listing planner runs both sides, so the preview cannot drift from what shoppers get.
 */
export async function previewSearchChanges(
  deps: { db: Knex; engine: SearchEngine },
  scope: { tenantId: number; siteId: number },
  input: { queries?: readonly string[]; market?: string },
): Promise<SearchChangesPreview> {
  const { db, engine } = deps;
  const site = await getSite(db, scope.tenantId, scope.siteId);
  const [published, facts] = await Promise.all([
    getPublished(db, scope.tenantId, scope.siteId),
    loadTenantFacts(db, scope.tenantId),
  ]);
  const { queries, source } = await queriesOf(db, scope, input.queries);
  const live = published === null ? null : sideOf(published.config, facts, published.version, scope.siteId);
  const previewAlias = siteIndexNames(scope.siteId, site.draft.site.code).previewAlias;
  const draftAlias =
    (await engine.resolveAlias(previewAlias).catch(() => null)) !== null
      ? previewAlias
      : (live?.alias ?? siteIndexNames(scope.siteId, site.draft.site.code).alias);
  const draft = sideOf(site.draft, facts, null, scope.siteId, draftAlias);
  const market = draft.catalogue.markets.find((m) => m.code === input.market) ?? draft.catalogue.defaultMarket;
  if (market === undefined)
    throw new ConfigValidationError([{ field: 'market', message: 'the draft has no active market to search in' }]);
  const now = Date.now();
  const changes = await Promise.all(
    queries.map(async (q) =>
      compareResults(
        q,
        await topResults(engine, live, q, market.code, now),
        await topResults(engine, draft, q, market.code, now),
      ),
    ),
  );
  return {
    siteId: scope.siteId,
    market: market.code,
    language: market.language,
    source,
    indices: { live: live?.alias ?? null, draft: draftAlias },
    queries: changes,
  };
}
