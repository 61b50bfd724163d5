import { writeWatermark } from './change-feed';
import type { FullRunStats } from './full-run';
import type { RunDeps, RunSite } from './run-context';
import { listRuns, recordSwap, runOfIndex, swapHistory } from './sync-runs';

/** Why an alias action could not be taken (a CLI or tool error, not a crash). */
export class AliasActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AliasActionError';
  }
}

/**
 * After moving the live alias to an older-built index, the delta feed restarts from where that index's data
 * stands, so the next delta replays everything changed since it was built.
 */
async function pointLiveAt(deps: RunDeps, site: RunSite, index: string): Promise<void> {
  const run = await runOfIndex(deps.db, site, index);
  const stats = run?.stats as FullRunStats | null | undefined;
  await deps.engine.swapAlias(site.names.alias, index);
  if (run !== null) await recordSwap(deps.db, site, run.id);
  if (stats?.watermark !== undefined) await writeWatermark(deps.db, site.tenantId, site.siteId, stats.watermark);
}

/** A person confirms the newest gated run: its index goes live. Returns the index. */
export async function confirmGated(deps: RunDeps, site: RunSite): Promise<string> {
  const gated = (await listRuns(deps.db, site, 50)).find(
    (r) => r.mode === 'full' && (r.outcome === 'gated' || r.outcome === 'ok'),
  );
  const live = await deps.engine.resolveAlias(site.names.alias);
  if (gated === undefined || gated.outcome !== 'gated' || gated.indexName === null || gated.indexName === live)
    throw new AliasActionError('no gated run awaits confirmation (the newest full run was not gated)');
  const exists = (await deps.engine.listIndices(gated.indexName)).some((i) => i.name === gated.indexName);
  if (!exists)
    throw new AliasActionError(`the gated index ${gated.indexName} no longer exists: run a new full reindex`);
  // The run keeps its `gated` outcome (the record of what tripped); its swap time marks the confirmation.
  await pointLiveAt(deps, site, gated.indexName);
  return gated.indexName;
}

/** Points the live alias back at the index that was live before the current one. Returns that index. */
export async function rollback(deps: RunDeps, site: RunSite): Promise<string> {
  const live = await deps.engine.resolveAlias(site.names.alias);
  const existing = new Set((await deps.engine.listIndices(site.names.fullPrefix)).map((i) => i.name));
  const previous = (await swapHistory(deps.db, site)).find((name) => name !== live && existing.has(name));
  if (previous === undefined) throw new AliasActionError('there is no previous index to roll back to');
  await pointLiveAt(deps, site, previous);
  return previous;
}
