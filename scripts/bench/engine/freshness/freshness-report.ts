import type { FreshnessResult } from './freshness-bench';

const ms = (value: number): string => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const s = (value: number): string => `${value / 1000} s`;

/** How the Q1 windows ran, in words. */
function windowsText(f: FreshnessResult): string {
  const { cycles, streamingMs, idleMs } = f.windows;
  const perWindow = Math.ceil(streamingMs / 1000);
  return [
    `Q1 (the listing) is timed on the serving process in ${cycles} cycles of one ${s(streamingMs)} streaming window (a round of ${f.changed} changed documents`,
    `applied every second, ${perWindow} per window, each reloaded before the window ends) and one ${s(idleMs)} idle window (no update), the pair order`,
    'flipping each cycle (streaming first, then idle first, ...), so machine drift and the growing delta fall on both kinds alike. Both kinds run on',
    'the same live index: the merged base plus the delta so far. Before them, Q1 on the merged base alone (one segment, no delta).',
  ].join('\n');
}

/** The freshness lines of the engine section (pure). */
export function renderFreshness(f: FreshnessResult): string[] {
  const ratio = f.streaming.p99 / f.idle.p99;
  const deltaCost = f.idle.p99 / f.merged.p99;
  const merge =
    f.mergedReloadMs === null
      ? []
      : [`| Serving process: reload of the base a merge wrote | ${ms(f.mergedReloadMs)} ms | | |`];
  return [
    `#### Freshness (embedded, ${f.documents.toLocaleString('en-US')} documents)`,
    '',
    'Two processes, as in production. An indexer process builds and snapshots the documents; each round it applies',
    `${f.changed} changed documents (price down 10 %, a marker word added to the name) with bulk + refresh on the live alias (a delta generation`,
    'written to the snapshot directory) and announces it. The serving process (the bench) shares the PostgreSQL alias store and the snapshot',
    'directory and reloads on each announcement (sent over IPC, where production processes use Redis pub/sub); a reload warms the new',
    `generation with the latest searches before serving it. ${f.rounds} rounds are timed until a search on the serving process finds all their changed documents.`,
    '',
    windowsText(f),
    '',
    '| Measure | Median | p95 / p99 | Max |',
    '| --- | --- | --- | --- |',
    `| Time to visible (bulk + refresh + announcement + reload + search) | ${ms(f.visibleMs.median)} ms | ${ms(f.visibleMs.p95)} ms (p95) | ${ms(f.visibleMs.max)} ms |`,
    `| Indexer process: bulk + refresh (delta written) | ${ms(f.refreshMs.median)} ms | | ${ms(f.refreshMs.max)} ms |`,
    `| Serving process: reload of a delta generation (warm-up included) | ${ms(f.reloadMs.median)} ms | | ${ms(f.reloadMs.max)} ms |`,
    ...merge,
    `| Q1 on the merged base (${f.merged.runs} runs) | ${ms(f.merged.median)} ms | ${ms(f.merged.p99)} ms (p99) | |`,
    `| Q1 idle windows, base + delta (${f.idle.runs} runs) | ${ms(f.idle.median)} ms | ${ms(f.idle.p99)} ms (p99) | |`,
    `| Q1 streaming windows, base + delta (${f.streaming.runs} runs, ${f.streaming.updates} deltas) | ${ms(f.streaming.median)} ms | ${ms(f.streaming.p99)} ms (p99) | |`,
    `| First Q1 after each reload (${f.firstAfterReload.runs}) | ${ms(f.firstAfterReload.median)} ms | | ${ms(f.firstAfterReload.max)} ms |`,
    '',
    `Listing p99 under streaming updates / idle: ${ratio.toFixed(2)} (target: within 1.20).`,
    `What the delta itself costs the listing (a second segment and a masked base): p99 on base + delta (idle windows) / on the merged base: ${deltaCost.toFixed(2)}.`,
    '',
  ];
}
