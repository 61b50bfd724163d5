import { loadCatalogueProducts, readCatalogue } from '../documents/catalogue-reader';
import { siteIndexSettings } from '../documents/from-site-config';
import { indexConfigDigest } from '../documents/site-config';
import { changesSince, currentWatermark, writeWatermark, type Watermark } from './change-feed';
import { evaluateGate, StatsCollector, type IndexStats } from './gate';
import { newIndexName } from './index-names';
import { prefetched } from './prefetch';
import { twoInFlight } from './two-in-flight';
import { dropStaleIndices } from './retention';
import type { RunDeps, RunSite } from './run-context';
import { finishRun, runOfIndex, startRun, updateRun, type RunOutcome } from './sync-runs';
import { RunWarnings, writeDocuments } from './write-documents';
import { RunBrandLogos } from './brand-logos';
import { renderSwatchImages } from './swatch-images';

/**
 * What a full or preview run stores as its index's stats: the gate's figures, the change log's watermark its index
 * reflects, and the digest of the config it built documents from.
 */
export type FullRunStats = IndexStats & { watermark: Watermark; indexConfig: string };

export interface FullRunResult {
  runId: number;
  outcome: Extract<RunOutcome, 'ok' | 'gated' | 'cancelled'>;
  index: string;
  count: number;
}

async function countRoots(deps: RunDeps, tenantId: number): Promise<number> {
  const row = await deps
    .db('products')
    .where({ tenant_id: tenantId })
    .whereNull('parent_id')
    .count<{ count: string }[]>({ count: '*' });
  return Number(row[0]?.count ?? 0);
}

/** Milliseconds of fillIndex's phases, recorded with the run: where a full run's time goes. */
type FillPhases = { streamMs: number; replayMs: number; refreshMs: number };

/**
 * Renders the config's swatch images, streams the whole catalogue into `index`, then replays what changed meanwhile.
 * Returns the stats and the watermark reached, and how long each phase took.
 */
async function fillIndex(
  deps: RunDeps,
  site: RunSite,
  target: { index: string; runId: number },
  warnings: RunWarnings,
): Promise<{ stats: FullRunStats; phases: FillPhases }> {
  const { index } = target;
  const start = await currentWatermark(deps.db, site.tenantId);
  const total = await countRoots(deps, site.tenantId);
  await updateRun(deps.db, target.runId, { total });
  const stats = new StatsCollector();
  const media = deps.media;
  const logos = media && new RunBrandLogos({ db: deps.db, tenantId: site.tenantId, media, warnings });
  if (media) await renderSwatchImages({ db: deps.db, tenantId: site.tenantId, media, warnings }, site.config);
  let done = 0;
  const streamed = Date.now();
  await twoInFlight(
    prefetched(readCatalogue(deps.db, site.tenantId, { batchSize: deps.batchSize })),
    async (batch) => {
      await writeDocuments(deps.db, deps.engine, { site, index, stats, warnings, media, logos }, batch);
      return batch.length;
    },
    async (written) => {
      done += written;
      await deps.onProgress?.(done, total);
    },
  );
  const replayed = Date.now();
  // Changes that landed while the catalogue streamed: rebuilt now, so the swap loses no update.
  const { productIds, next } = await changesSince(deps.db, site.tenantId, start);
  const products = await loadCatalogueProducts(deps.db, site.tenantId, productIds);
  const found = new Set(products.map((p) => p.id));
  await writeDocuments(
    deps.db,
    deps.engine,
    { site, index, warnings, media, logos },
    products,
    productIds.filter((id) => !found.has(id)),
  );
  const refreshed = Date.now();
  await deps.engine.refresh(index);
  const phases = { streamMs: replayed - streamed, replayMs: refreshed - replayed, refreshMs: Date.now() - refreshed };
  const count = await deps.engine.count(index);
  return { stats: { ...stats.stats(), count, watermark: next, indexConfig: indexConfigDigest(site.index) }, phases };
}

/** The site's published version when it is newer than the one this run indexes, else null. */
async function newerVersion(deps: RunDeps, site: RunSite): Promise<number | null> {
  const row = await deps
    .db('storefront_sites')
    .where({ id: site.siteId })
    .first<{ published_version: number | null } | undefined>('published_version');
  const current = row?.published_version ?? null;
  return current !== null && site.configVersion !== null && current > site.configVersion ? current : null;
}

/** The live index's stats as its run recorded them, else its bare count; null without a live index. */
async function liveStats(deps: RunDeps, site: RunSite, live: string | null): Promise<IndexStats | null> {
  if (live === null) return null;
  const run = await runOfIndex(deps.db, site, live);
  return run?.stats ?? { count: await deps.engine.count(live), facetValues: {}, inStockShare: 0 };
}

/**
 * A full run (or, with `preview`, a preview run of the draft): a new index named after the site code and
 * the time, the whole catalogue, the replay, then the gate and the alias swap. A gated index stays unaliased
 * for a person to confirm. A preview run swaps only the preview alias and never touches the live one.
 */
export async function runFull(
  deps: RunDeps,
  site: RunSite,
  job: { jobId: string | null; attempt: number; preview: boolean },
): Promise<FullRunResult> {
  const started = Date.now();
  const mode = job.preview ? 'preview' : 'full';
  const index = newIndexName(job.preview ? site.names.previewPrefix : site.names.fullPrefix, new Date());
  const runId = await startRun(deps.db, site, {
    mode,
    jobId: job.jobId,
    attempt: job.attempt,
    configVersion: site.configVersion,
    indexName: index,
  });
  const warnings = new RunWarnings();
  await deps.engine.createIndex(index, siteIndexSettings(site.index));
  const { stats, phases } = await fillIndex(deps, site, { index, runId }, warnings);
  const built = Date.now();
  const newer = job.preview ? null : await newerVersion(deps, site);
  if (newer !== null) {
    // A publish landed while this run built: its own full run is queued, and this index would be stale.
    warnings.add({ code: 'SUPERSEDED', detail: `config version ${newer} was published during the run` });
    await finishRun(deps.db, runId, {
      outcome: 'cancelled',
      documentCount: stats.count,
      warnings: warnings.list(),
      timings: { ...phases, buildMs: built - started, totalMs: Date.now() - started },
      stats,
    });
    await deps.engine.deleteIndex(index);
    return { runId, outcome: 'cancelled', index, count: stats.count };
  }
  const alias = job.preview ? site.names.previewAlias : site.names.alias;
  const live = await deps.engine.resolveAlias(alias);
  const facetKeys = new Set(site.index.facets.map((f) => f.key));
  const trip = job.preview
    ? null
    : evaluateGate(await liveStats(deps, site, live), stats, deps.gateFraction, facetKeys);
  const timings = (swap: number) => ({
    ...phases,
    buildMs: built - started,
    swapMs: swap,
    totalMs: Date.now() - started,
  });
  if (trip !== null) {
    warnings.add({ code: 'GATED', detail: `${trip.check}: ${trip.detail}` });
    await finishRun(deps.db, runId, {
      outcome: 'gated',
      documentCount: stats.count,
      warnings: warnings.list(),
      timings: timings(0),
      stats,
    });
    return { runId, outcome: 'gated', index, count: stats.count };
  }
  await deps.engine.swapAlias(alias, index);
  if (!job.preview) await writeWatermark(deps.db, site.tenantId, site.siteId, stats.watermark);
  await finishRun(deps.db, runId, {
    outcome: 'ok',
    documentCount: stats.count,
    warnings: warnings.list(),
    timings: timings(Date.now() - built),
    stats,
    swapped: !job.preview,
  });
  await dropStaleIndices(deps.engine, site, [index, live], job.preview ? 'preview' : 'live');
  return { runId, outcome: 'ok', index, count: stats.count };
}
