import type { RunDeps, RunSite } from './run-context';
import type { RunWarnings } from './write-documents';

/**
 * After a delta whose documents the live index cannot take (the engine said only an index built afresh can):
 * queues a full run of the site and says so in the run's warnings, so those products' updates wait for that run
 * instead of the next one someone happens to start. Without a way to queue, the warning asks for one.
 */
export async function requestRebuild(
  deps: Pick<RunDeps, 'requestFullRun'>,
  site: RunSite,
  warnings: RunWarnings,
  products: number,
): Promise<void> {
  const what = `${products} ${products === 1 ? 'product uses' : 'products use'} fields the live index cannot take (see REJECTED)`;
  if (deps.requestFullRun === undefined) {
    warnings.add({ code: 'FULL_RUN_NEEDED', detail: `${what}: run a full index run to rebuild it` });
    return;
  }
  await deps.requestFullRun(site.siteId);
  warnings.add({ code: 'FULL_RUN_QUEUED', detail: `${what}: a full run is queued to rebuild it` });
}
