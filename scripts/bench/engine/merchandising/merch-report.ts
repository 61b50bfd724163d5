import type { PeerResult } from '../bench-types';
import { MERCH_QUERIES } from './merch-bench';
import { MERCH_SIZE } from './merch-config';

const ms = (value: number): string => (value < 10 ? value.toFixed(3) : value.toFixed(1));

/** The "Search engine: merchandising" section of docs/benchmarks.md (pure). */
export function renderMerchandising(
  info: { command: string; machine: string; date: string; products: number; load: string },
  peers: readonly PeerResult[],
): string {
  const lines = [
    '## Search engine: merchandising',
    '',
    `Command: \`${info.command}\`. Machine: ${info.machine}. Run: ${info.date}. ${info.products.toLocaleString('en-US')} products; ${info.load}.`,
    '',
    `The listing mix of "Search engine" (Q1 to Q3; suggest is not merchandised) with nothing published against ${MERCH_SIZE.synonymGroups.toLocaleString('en-US')} synonym groups`,
    `and ${MERCH_SIZE.rules.toLocaleString('en-US')} query rules published. Among them: a group for each word of Q2 and Q3 (so both are rewritten), an exact rule on Q2's word that pins`,
    'two products and hides one, and a contains rule on "jacket" that boosts one brand and buries another (Q3 pays the rank tiers); the others are on',
    'made-up queries. Each timing includes the per-request merchandising step (rule match, synonym rewrite); the two configurations alternate run by',
    'run. Target: medians within 10%.',
    '',
    '| Engine | Query | Nothing published: median (ms) | Published: median (ms) | Published / nothing | Totals (nothing / published) |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const peer of peers) {
    for (const query of MERCH_QUERIES) {
      const s = peer.merchandising?.[query];
      if (s === undefined) continue;
      lines.push(
        `| ${peer.peer} | ${query} | ${ms(s.noneMs)} | ${ms(s.publishedMs)} | ${(s.publishedMs / s.noneMs).toFixed(2)}x | ${s.totals.none} / ${s.totals.published} |`,
      );
    }
  }
  lines.push(
    '',
    `Runs per query and configuration: ${peers[0]?.merchandising?.Q1.runs ?? 0}. Totals differ where synonyms widen the match (Q2, Q3) or a pin adds a product the text does not find.`,
    'Elasticsearch runs with its shard request cache on, as in production: the size-0 count and tier searches of a repeated merchandised request are',
    "answered from it, as are the plain request's aggregations. With that cache off, a micro-timing during development put the tiers at about 1.27x on",
    "Q3's small answer and pins with hide at about 1.12x.",
    '',
  );
  return lines.join('\n');
}
