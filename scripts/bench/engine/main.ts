import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureServices, type SearchNode } from '../../services/provision';
import { siteIndexSettings } from '../../../indexer/documents/from-site-config';
import { writeSection } from '../shared/report-section';
import { BENCH_SEED, benchDatabaseName, benchTenant } from './bench-db';
import { QUERY_NAMES, type BenchPeer, type PeerResult, type QueryName, type QueryStats } from './bench-types';
import { cpuNote, measureQuery } from './measure';
import { canMeasureMemory, settledMemory } from './memory';
import { measureFreshness } from './freshness/freshness-bench';
import { ElasticsearchPeer } from './peers/elasticsearch-peer';
import { EmbeddedPeer } from './peers/embedded-peer';
import { measureLucene } from './peers/lucene/lucene-peer';
import { OramaPeer } from './peers/orama-peer';
import { PostgresPeer } from './peers/postgres-peer';
import { MIX, PORT_QUERIES } from './queries';
import { measureMerchandising } from './merchandising/merch-bench';
import { renderMerchandising } from './merchandising/merch-report';
import { renderSection, type SizeResult } from './report';
import { benchSiteConfig, readDocuments, writeDocuments } from './seed-documents';

// `npm run bench:engine`: seeds (or reuses) tenants of the seed generator's catalogue, reads them through the
// indexer's catalogue reader and toSearchDocument, and runs the query mix on every engine over those documents.
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
// BENCH_PEERS=embedded,lucene limits the run to some engines (all by default); BENCH_PEERS_<size> for one size.
// Orama is left out at 1M by default: its documents and an index of about 4 GB do not fit the 8 GB heap together.
const DEFAULT_PEERS: Record<number, string> = { 1000000: 'embedded,postgres,lucene,elasticsearch' };
const peersAt = (products: number): string[] | null =>
  (process.env[`BENCH_PEERS_${products}`] ?? process.env.BENCH_PEERS ?? DEFAULT_PEERS[products])?.split(',') ?? null;
// The merchandising row runs at this size only; BENCH_ONLY=merchandising runs just that row (and writes only its section).
const MERCH_BENCH_SIZE = Number(process.env.BENCH_MERCH_SIZE ?? 100_000);
const MERCH_ONLY = process.env.BENCH_ONLY === 'merchandising';
// Freshness is measured at this size only (the target is stated at 100k).
const FRESHNESS_SIZE = Number(process.env.BENCH_FRESHNESS_SIZE ?? 100_000);

/** Documents are read from the file per peer and dropped after its build, so no peer pays GC for another's data. */
async function measurePeer(peer: BenchPeer, documentsPath: string, products: number): Promise<PeerResult> {
  console.log(`  ${peer.name}: loading documents and building...`);
  const build =
    peer.buildFromFile !== undefined
      ? await peer.buildFromFile(documentsPath)
      : await peer.build(await readDocuments(documentsPath));
  settledMemory();
  console.log(`  ${peer.name}: built in ${(build.buildMs / 1000).toFixed(1)} s`);
  const merchandising = products === MERCH_BENCH_SIZE ? await merchandisingOf(peer) : undefined;
  const queries = {} as Record<QueryName, QueryStats>;
  for (const query of MERCH_ONLY ? [] : QUERY_NAMES) {
    queries[query] = await measureQuery(peer, query);
    const s = queries[query];
    console.log(
      `  ${peer.name} ${query}: median ${s.medianMs.toFixed(3)} ms, p99 ${s.p99Ms.toFixed(3)} ms${cpuNote(s)} (${s.runs} runs, total ${s.total})`,
    );
  }
  await peer.close();
  return { peer: peer.name, build, queries, ...(merchandising && { merchandising }) };
}

/** The merchandising row of a peer behind Aisle's search port (others have no merchandising to measure). */
async function merchandisingOf(peer: BenchPeer): Promise<PeerResult['merchandising']> {
  const search = peer.search?.bind(peer);
  if (search === undefined) return undefined;
  const ids = (await search({ ...PORT_QUERIES.Q2, pageSize: 3 })).hits.map((h) => h.id);
  const result = await measureMerchandising(search, ids);
  for (const [query, s] of Object.entries(result))
    console.log(
      `  ${peer.name} merchandising ${query}: ${s.noneMs.toFixed(3)} -> ${s.publishedMs.toFixed(3)} ms (${(s.publishedMs / s.noneMs).toFixed(2)}x)`,
    );
  return result;
}

async function measureSize(products: number, baseUrl: string, search: SearchNode, dir: string): Promise<SizeResult> {
  console.log(`${products} products:`);
  const bench = await benchTenant(baseUrl, products, process.env.BENCH_RESEED === '1', console.log);
  try {
    const config = await benchSiteConfig(bench.db, bench.tenantId);
    if (!config.markets.some((m) => m.code === MIX.market))
      throw new Error(`the seeded tenant has no market ${MIX.market}`);
    const source = await writeDocuments(bench.db, bench.tenantId, config, join(dir, `documents-${products}.ndjson`));
    console.log(
      `  ${source.documents} documents (skipped ${JSON.stringify(source.skipped)}) read in ${(source.readMs / 1000).toFixed(1)} s`,
    );
    const peers: PeerResult[] = [];
    const failed: string[] = [];
    const wanted = peersAt(products);
    const all: BenchPeer[] = [new EmbeddedPeer(config.languages), new OramaPeer(), new PostgresPeer(bench.url)];
    if ('url' in search) all.push(new ElasticsearchPeer(search.url, siteIndexSettings(config)));
    else if (wanted === null || wanted.includes('elasticsearch')) failed.push(`elasticsearch: ${search.skipped}`);
    // One peer failing (out of memory, a missing JDK) must not cost the figures of the others.
    const attempt = async (name: string, measure: () => Promise<PeerResult>) => {
      try {
        peers.push(await measure());
      } catch (error) {
        console.error(`  ${name} failed:`, error);
        failed.push(`${name}: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`);
      }
    };
    const merchOnly = MERCH_ONLY ? all.filter((p) => p.search !== undefined) : all;
    for (const peer of merchOnly.filter((p) => wanted === null || wanted.includes(p.name)))
      await attempt(peer.name, () => measurePeer(peer, source.path, products));
    if (MERCH_ONLY) return { products, source, peers, failed };
    if (wanted === null || wanted.includes('lucene')) await attempt('lucene', () => measureLucene(source.path));
    if (products !== FRESHNESS_SIZE) return { products, source, peers, failed };
    console.log('  embedded: freshness...');
    const freshness = await measureFreshness(source.path, config.languages, bench.url).catch((error: unknown) => {
      failed.push(`freshness: ${String(error).slice(0, 300)}`);
      return null;
    });
    if (freshness === null) return { products, source, peers, failed };
    console.log(
      `  freshness: visible median ${freshness.visibleMs.median.toFixed(0)} ms; Q1 p99 idle ${freshness.idle.p99.toFixed(2)} ms, streaming ${freshness.streaming.p99.toFixed(2)} ms`,
    );
    return { products, source, peers, failed, freshness };
  } finally {
    await bench.db.destroy();
  }
}

function notes(loadBefore: number, loadAfter: number): string[] {
  return [
    `Products come from the seed generator (\`seedTenant\`, seed ${BENCH_SEED}, no orders) in the bench's ` +
      `own database per size (${benchDatabaseName(100_000)} and the like), seeded once and reused by later ` +
      `runs (BENCH_RESEED=1 seeds anew); documents are read through the indexer's catalogue reader and ` +
      `toSearchDocument, and the same documents feed every engine.`,
    'Embedded: build includes validation, staging and writing the snapshot, in a child process (the ' +
      "indexer's role); queries run on a fresh engine that loaded the snapshot in the bench process (the API " +
      "process's situation: until 2026-11-27 the build ran in the bench process too, and its type feedback " +
      'slowed the queries, Q3 at 100k by about a third). Every peer timed from Node warms each query up for at ' +
      'least 3 s first, as the Lucene peer does in its JVM (until 2026-11-27: 5 runs).',
    'Embedded: per immutable index it memoises the unfiltered facet counts of a market, which is all Q1 ' +
      'needs; Q1f selects one category, so its counts are computed per request, like every filtered or text ' +
      'query.',
    'Orama counts facets only over its own result, so Q1f and Q3 add one search per disjunctive facet; it has no min/max aggregation, so price stats are left out of its timings (in its favour).',
    'PostgreSQL: tsvector + GIN, one GROUP BY per facet (disjunctive facets drop their own condition), statements of a request in parallel on a pool of 4; unlogged tables.',
    'Lucene 8.7 (Debian liblucene8-java, the library inside Elasticsearch 7), a Java program in ' +
      'scripts/bench/engine/peers/lucene: the same documents (JSON lines) and requests, Snowball English ' +
      'analysis, BM25 with the embedded boosts, DrillSideways over sorted-set doc-values facets, doc-values ' +
      'sorts with exact totals, price min/max from doc values; index force-merged to one segment on mmap; ' +
      'timed inside the JVM after a 3 s warm-up per query; per-market counts for suggest memoised as the ' +
      'embedded engine does. Build includes parsing the JSON lines; "snapshot load" is opening the index ' +
      'reader and the facet state.',
    'Q3 against Lucene (the query the two were closest on): two words, three term filters and a price range ' +
      'with a handful of hits (19 at 100k, 142 at 1M). Both of its words are dense (postings in name, brand and ' +
      'description on at least one document in 32), so each is matched from a bitset of its term the segment ' +
      'keeps once a query has asked (DenseTerms), instead of setting its postings (about 23,000 at 100k); a text ' +
      'whose rarest word is in at most one document in 32 is matched document at a time. After the text, every ' +
      'filter, score and facet count reads only the words of its matches (212 at 100k), and a filter whose values ' +
      "all have bitsets (Q3's colours and sizes) is decided a word at a time there. Lucene leapfrogs the whole " +
      'query, filters included, document at a time; DrillSideways then counts facets over the few candidates. ' +
      'The embedded timing also includes reading and parsing the 19 cards of the page (about 65 us at 100k once ' +
      'read, the card file keeping its most recently read 4 MB), which the Lucene peer does not do (it returns ' +
      'the page as document numbers). Peers are measured one after another, so on a shared machine a 0.2 ms ' +
      'wall-time comparison moves with the load of the moment; the CPU table leaves out the waits for a core.',
    "Elasticsearch: the node `npm test` provisions (8.19.21, Maven Central's test distribution with the " +
      'test-node plugin; heap ELASTICSEARCH_HEAP, 1 GB by default; a separate JVM on the same 2 cores), driven ' +
      "over HTTP through Aisle's own adapter: the site's strict mapping, bulk batches of 5,000, refresh, then " +
      "force-merged to one segment as Lucene's index is (the build time includes the merge). Its timings " +
      "include the HTTP round trip and the adapter's request building and response mapping, which is what the " +
      'storefront pays, and for Q3 (words of five letters or more) the typo-neighbour suggest request that ' +
      "precedes the search. Its query and request caches are on, as in production. Memory is the node's heap " +
      'in use (not only this index) and the index files, read through mmap.',
    'Snapshot documents (documents.ndjson, read only by a writer) are left out of the embedded snapshot size.',
    'Freshness: the indexer is a child process with its own heap (freshness-writer.ts), the bench is the ' +
      'serving process; they share the alias store (the bench database) and the snapshot directory, and the ' +
      'announcement goes over IPC where processes use Redis pub/sub (the two-process integration test covers ' +
      "that path). On 2 cores the indexer's bulk + refresh competes with the serving process for the CPU " +
      'during each round, as on a shared host. On a loaded machine the p99 of a 0.2 ms listing measures the ' +
      'scheduler more than the engine, idle and streaming alike.',
    "Orama is left out at 1,000,000 products (BENCH_PEERS_1000000 overrides): its 1M documents and an index of about 4 GB would not fit the bench's 8 GB heap at once.",
    `1-minute load average at start / end: ${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)} on ` +
      `${cpus().length} cores (other work on a shared machine inflates every peer's figures, especially p99).`,
  ];
}

const MIX_COMMAND = (only: boolean) =>
  only ? `BENCH_SIZES=${MERCH_BENCH_SIZE} BENCH_ONLY=merchandising npm run bench:engine` : 'npm run bench:engine';

async function main(): Promise<void> {
  if (!canMeasureMemory()) console.warn('Run node with --expose-gc (npm run bench:engine does) to measure memory.');
  // Elasticsearch is a peer where a node runs (ELASTICSEARCH_URL, else the private one); else its reason is reported.
  const services = await ensureServices(process.env, { elasticsearch: 'optional' });
  const search = services.elasticsearch ?? { skipped: 'not provisioned' };
  const baseUrl = services.databaseUrl;
  const dir = await mkdtemp(join(tmpdir(), 'aisle-bench-documents-'));
  const loadBefore = loadavg()[0] ?? 0;
  const sizes: SizeResult[] = [];
  try {
    for (const products of SIZES) sizes.push(await measureSize(products, baseUrl, search, dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const loadAfter = loadavg()[0] ?? 0;
  const cpu = cpus();
  const machine = `${cpu.length} x ${cpu[0]?.model.trim() ?? 'cpu'}, Node ${process.version}`;
  const date = new Date().toISOString().slice(0, 10);
  const merchandised = sizes.find((size) => size.peers.some((p) => p.merchandising !== undefined));
  if (merchandised !== undefined) {
    const load = `1-minute load average at start / end ${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)} on ${cpu.length} cores`;
    const command = MIX_COMMAND(MERCH_ONLY);
    await writeSection(
      renderMerchandising({ command, machine, date, products: merchandised.products, load }, merchandised.peers),
    );
    console.log('Wrote the "Search engine: merchandising" section of docs/benchmarks.md');
  }
  if (MERCH_ONLY) return;
  await writeSection(
    renderSection({ command: 'npm run bench:engine', machine, date, notes: notes(loadBefore, loadAfter) }, sizes),
  );
  console.log('Wrote the "Search engine" section of docs/benchmarks.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
