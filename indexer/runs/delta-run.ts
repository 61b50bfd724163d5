import { loadCatalogueProducts } from '../documents/catalogue-reader';
import { changesSince, readWatermark, writeWatermark } from './change-feed';
import type { RunDeps, RunSite } from './run-context';
import { finishRun, startRun } from './sync-runs';
import { RunWarnings, writeDocuments } from './write-documents';
import { RunBrandLogos } from './brand-logos';
import { requestRebuild } from './rebuild-request';

export interface DeltaRunResult {
  runId: number;
  outcome: 'ok' | 'cancelled';
  /** Documents rebuilt or removed; 0 means nothing changed. */
  changed: number;
}

/**
 * A delta run: the products changed since the site's watermark are rebuilt into the live index, and those no
 * longer sellable (or deleted) are removed with a warning naming each. Documents the live index cannot take (it
 * predates fields of the published config) are REJECTED warnings, and a full run is queued to rebuild it.
 * Cancelled while the site has no live index yet (its first full run has not swapped).
 */
export async function runDelta(
  deps: RunDeps,
  site: RunSite,
  job: { jobId: string | null; attempt: number },
): Promise<DeltaRunResult> {
  const started = Date.now();
  const live = await deps.engine.resolveAlias(site.names.alias);
  const runId = await startRun(deps.db, site, {
    mode: 'delta',
    jobId: job.jobId,
    attempt: job.attempt,
    configVersion: site.configVersion,
    indexName: live,
  });
  const from = await readWatermark(deps.db, site.tenantId, site.siteId);
  const warnings = new RunWarnings();
  if (live === null || from === null) {
    warnings.add({ code: 'NO_LIVE_INDEX', detail: 'the first full run has not finished' });
    await finishRun(deps.db, runId, {
      outcome: 'cancelled',
      documentCount: 0,
      warnings: warnings.list(),
      timings: { totalMs: Date.now() - started },
    });
    return { runId, outcome: 'cancelled', changed: 0 };
  }
  const { productIds, next } = await changesSince(deps.db, site.tenantId, from);
  const products = await loadCatalogueProducts(deps.db, site.tenantId, productIds);
  const found = new Set(products.map((p) => p.id));
  const media = deps.media;
  const logos = media && new RunBrandLogos({ db: deps.db, tenantId: site.tenantId, media, warnings });
  const written = await writeDocuments(
    deps.db,
    deps.engine,
    { site, index: live, warnings, media, logos },
    products,
    productIds.filter((id) => !found.has(id)),
  );
  const changed = written.written;
  if (written.needsRebuild > 0) await requestRebuild(deps, site, warnings, written.needsRebuild);
  if (changed > 0) await deps.engine.refresh(live);
  await writeWatermark(deps.db, site.tenantId, site.siteId, next);
  await finishRun(deps.db, runId, {
    outcome: 'ok',
    documentCount: changed,
    warnings: warnings.list(),
    timings: { totalMs: Date.now() - started },
  });
  return { runId, outcome: 'ok', changed };
}
