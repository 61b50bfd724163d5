/** One timed pass: documents, wall time and rate. */
export interface Pass {
  label: string;
  documents: number;
  ms: number;
}

export interface IndexerBenchResult {
  products: number;
  passes: Pass[];
  load: number;
  cores: number;
  date: string;
}

const rate = (p: Pass) => Math.round(p.documents / (p.ms / 1000));

/** The "Indexer: full run" section of docs/benchmarks.md (pure). */
export function renderIndexerSection(r: IndexerBenchResult): string {
  const ceiling = r.passes[0];
  const rows = r.passes.map(
    (p) =>
      `| ${p.label} | ${p.documents.toLocaleString('en-US')} | ${(p.ms / 1000).toFixed(1)} s | ` +
      `${rate(p).toLocaleString('en-US')} | ` +
      `${ceiling ? `${((rate(p) / rate(ceiling)) * 100).toFixed(0)}%` : ''} |`,
  );
  return [
    '## Indexer: full run',
    '',
    `\`npm run bench:indexer\` (BENCH_PRODUCTS=${r.products}), ${r.date}, ${r.cores} cores, load average ${r.load.toFixed(1)} at the end.`,
    `A full run of ${r.products.toLocaleString('en-US')} seeded products from PostgreSQL into the embedded engine: catalogue batches, documents,`,
    'slugs, bulk, refresh with its snapshot, count, gate and alias swap. The peer in the same run is the catalogue read and',
    'document build alone (no slugs, no engine): the ceiling a run cannot beat. Target: the swap under 30 s at 100,000 products.',
    '',
    '| Pass | Documents | Time to swap | Documents/s | Share of the read-and-build ceiling |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ].join('\n');
}
