import type { FreshnessResult } from './freshness-bench';

const ms = (value: number): string => (value < 10 ? value.toFixed(2) : value.toFixed(0));

/** The freshness lines of the engine section (pure). */
export function renderFreshness(f: FreshnessResult): string[] {
  const ratio = f.streaming.p99 / f.idle.p99;
  return [
    `#### Freshness (embedded, ${f.documents.toLocaleString('en-US')} documents)`,
    '',
    `${f.rounds} rounds of ${f.changed} changed documents (price down 10 %, a marker word added to the name), each applied with bulk + refresh on the live alias`,
    '(a delta generation written to the snapshot directory) and reloaded by a second engine that shares the alias store and snapshots,',
    'as a serving process does; a round ends when a search on the serving engine finds all its changed documents.',
    '',
    '| Measure | Median | p95 / p99 | Max |',
    '| --- | --- | --- | --- |',
    `| Time to visible (bulk + refresh + reload + search) | ${ms(f.visibleMs.median)} ms | ${ms(f.visibleMs.p95)} ms (p95) | ${ms(f.visibleMs.max)} ms |`,
    `| Indexer: bulk + refresh (delta written) | ${ms(f.refreshMs.median)} ms | | ${ms(f.refreshMs.max)} ms |`,
    `| Serving engine: reload of a delta generation | ${ms(f.reloadMs.median)} ms | | ${ms(f.reloadMs.max)} ms |`,
    `| Q1 idle (${f.idle.runs} runs) | ${ms(f.idle.median)} ms | ${ms(f.idle.p99)} ms (p99) | |`,
    `| Q1 while ${f.changed} documents land every second (${f.streaming.runs} runs, ${f.streaming.updates} deltas) | ${ms(f.streaming.median)} ms | ${ms(f.streaming.p99)} ms (p99) | |`,
    '',
    `Listing p99 under streaming updates / idle: ${ratio.toFixed(2)} (target: within 1.20).`,
    '',
  ];
}
