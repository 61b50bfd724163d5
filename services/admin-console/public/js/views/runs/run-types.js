// @ts-check
// The runs answer as this page reads it (GET /storefront/sites/{siteId}/runs, StorefrontSyncStatusDto): more than the
// overview's SyncStatus in ../../types.js, so the page keeps its own shapes.

/**
 * @typedef {import('../../types.js').RunOutcome} RunOutcome
 * @typedef {{ code: string, productId?: string, detail?: string }} RunWarning
 * @typedef {{ count: number, facetValues: Record<string, number>, inStockShare: number }} IndexStats
 * @typedef {{ check: 'count' | 'facet-values' | 'in-stock-share', detail: string }} GateTrip
 * @typedef {{ done: number, total: number }} RunProgress
 * @typedef {{
 *   id: number, mode: 'full' | 'delta' | 'preview', outcome: RunOutcome, documentCount: number, total: number | null,
 *   progress: RunProgress | null, errors: string[], warnings: RunWarning[], gate: GateTrip | null,
 *   timings: Record<string, number>, stats: IndexStats | null, indexName: string | null, configVersion: number | null,
 *   startedAt: string, finishedAt: string | null, swappedAt: string | null,
 * }} Run
 * @typedef {{
 *   indexName: string, documentCount: number, runId: number | null, configVersion: number | null,
 *   swappedAt: string | null, stats: IndexStats | null,
 * }} SiteIndex
 * @typedef {{ siteId: number, status: RunOutcome | 'never-run', runs: Run[], live: SiteIndex | null, rollbackTo: SiteIndex | null }} RunsAnswer
 * A reindex this page asked for: its mode, the newest run id before it (its run is the first newer one of the mode),
 * and when it was asked.
 * @typedef {{ mode: 'full' | 'preview', afterId: number, at: number }} Requested
 */

export {};
