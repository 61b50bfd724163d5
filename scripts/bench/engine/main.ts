import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { QUERY_NAMES, type BenchPeer, type PeerResult, type QueryName, type QueryStats } from './bench-types';
import { generateCatalogue } from './catalogue';
import { measureQuery } from './measure';
import { canMeasureMemory, settledMemory } from './memory';
import { EmbeddedPeer } from './peers/embedded-peer';
import { OramaPeer } from './peers/orama-peer';
import { PostgresPeer } from './peers/postgres-peer';
import { renderSection, writeSection, type SizeResult } from './report';
import { toBenchDocuments } from './to-documents';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const REPORT = join(__dirname, '..', '..', '..', 'docs', 'benchmarks.md');

function peersFor(databaseUrl: string | undefined): BenchPeer[] {
  const peers: BenchPeer[] = [new EmbeddedPeer(), new OramaPeer()];
  if (databaseUrl !== undefined) peers.push(new PostgresPeer(databaseUrl));
  return peers;
}

/** Documents are generated per peer and dropped after its build, so no peer pays GC for another's data. */
async function measurePeer(peer: BenchPeer, products: number): Promise<PeerResult> {
  console.log(`  ${peer.name}: generating and building...`);
  const build = await peer.build(toBenchDocuments(generateCatalogue(products)));
  settledMemory();
  console.log(`  ${peer.name}: built in ${(build.buildMs / 1000).toFixed(1)} s`);
  const queries = {} as Record<QueryName, QueryStats>;
  for (const query of QUERY_NAMES) {
    queries[query] = await measureQuery(peer, query);
    const s = queries[query];
    console.log(`  ${peer.name} ${query}: median ${s.medianMs.toFixed(3)} ms, p99 ${s.p99Ms.toFixed(3)} ms (${s.runs} runs, total ${s.total})`);
  }
  await peer.close();
  return { peer: peer.name, build, queries };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const notes = [
    'Embedded: build includes validation, staging and writing the snapshot; queries run on a fresh engine that loaded the snapshot (the API process\'s situation).',
    'Orama counts facets only over its own result, so Q3 adds one search per disjunctive facet; it has no min/max aggregation, so price stats are left out of its timings (in its favour).',
    'PostgreSQL: tsvector + GIN, one GROUP BY per facet (disjunctive facets drop their own condition), statements of a request in parallel on a pool of 4; unlogged tables.',
    'Products come from the bench\'s own deterministic generator (scripts/bench/engine/catalogue.ts); documents are built by to-documents.ts.',
  ];
  if (databaseUrl === undefined) notes.push('PostgreSQL skipped: DATABASE_URL was not set.');
  if (databaseUrl === undefined) console.warn('DATABASE_URL is not set: skipping the PostgreSQL peer.');
  if (!canMeasureMemory()) console.warn('Run node with --expose-gc (npm run bench:engine does) to measure memory.');
  const sizes: SizeResult[] = [];
  const loadBefore = loadavg()[0] ?? 0;
  for (const products of SIZES) {
    console.log(`${products} products:`);
    const peers: PeerResult[] = [];
    for (const peer of peersFor(databaseUrl)) peers.push(await measurePeer(peer, products));
    sizes.push({ products, peers });
  }
  const loadAfter = loadavg()[0] ?? 0;
  notes.push(`1-minute load average at start / end: ${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)} on ${cpus().length} cores (other work on a shared machine inflates every peer's figures, especially p99).`);
  const cpu = cpus();
  const machine = `${cpu.length} x ${cpu[0]?.model ?? 'cpu'}, Node ${process.version}`;
  await writeSection(REPORT, renderSection({ command: 'npm run bench:engine', machine, date: new Date().toISOString().slice(0, 10), notes }, sizes));
  console.log(`Wrote ${REPORT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
