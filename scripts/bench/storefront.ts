import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '../../shared/config';
import { createKey } from '../../shared/storefront-config/keys';
import { publishConfig } from '../../shared/storefront-config/publish';
import { dataDir } from '../services/paths';
import { ensureServices, stopServices } from '../services/provision';
import { BENCH_INDEX_PREFIX, ensureElasticsearchIndex } from './storefront/elasticsearch-index';
import { benchSite, catalogueBenchTenant } from './shared/bench-site';
import { writeSection } from './shared/report-section';
import { cpuProbeMs } from './shared/cpu-probe';
import { distinctPaths, zipfSequence } from './storefront/mixes';
import { COLLECTION, ensureCollection, ensureIndex, medianAnswer, mixInputs, productPaths } from './storefront/prepare';
import {
  medianRow,
  PRODUCT_ZIPF_STEADY,
  PRODUCT_ZIPF_EMPTY,
  RECORDING_PROCESSES,
  RECORDING_ROUNDS,
  RECORDING_WINDOW_SECONDS,
  renderStorefrontSection,
  ZIPF_STEADY,
  ZIPF_STEADY_RECORDED,
  ZIPF_STEADY_UNRECORDED,
  type StorefrontRow,
} from './storefront/report';
import { quietProcess, scenarioRunner, sweep } from './storefront/scenario';
import { constantProcess, storefrontProcess, type ChildServer } from './storefront/servers';

const env = loadConfig(
  z.object({
    BENCH_PRODUCTS: z.coerce.number().int().min(100).default(100_000),
    BENCH_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
    BENCH_RESEED: z.string().optional(),
    /**
     * `products`: only the product detail rows; `products-empty`: only the first of them (product pages from empty
     * caches, for A/B runs of a miss); `listings`: only distinct listings and the Zipf mix from empty caches;
     * `analytics`: only the recording comparison; `elasticsearch`: only those two against a storefront on the
     * Elasticsearch node.
     * Printed and not written (for profiling a change).
     */
    BENCH_ONLY: z.enum(['products', 'products-empty', 'listings', 'analytics', 'elasticsearch']).optional(),
  }),
);

const run = scenarioRunner(env.BENCH_SECONDS);
const runWindow = scenarioRunner(RECORDING_WINDOW_SECONDS);

/**
 * What recording search analytics costs: the steady state on fresh processes (RECORDING_PROCESSES) in the same
 * state (the first one's answer cache holds every distinct listing by now), half of them recording, all kept running
 * and loaded in turn for short windows, round after round (each round starting one process later). Drift on a
 * shared machine and a process that runs slow throughout (as fresh processes do at times, by whole tens of percent)
 * then weigh on both configurations alike; each configuration's row is the median of its windows. The first round
 * is dropped: a process's first window after its sweep ran slow.
 */
async function recordingWindows(
  apiEnv: NodeJS.ProcessEnv,
  zipfPaths: readonly string[],
  zipf: readonly string[],
  keys: readonly string[],
): Promise<StorefrontRow[]> {
  const processes: ChildServer[] = [];
  try {
    for (const recording of RECORDING_PROCESSES) {
      const fresh = await storefrontProcess({ ...apiEnv, ANALYTICS_RECORDING: recording });
      processes.push(fresh);
      await sweep(fresh.url, zipfPaths, keys);
    }
    await Promise.all(processes.map((p) => quietProcess(p.pid)));
    const windows: Record<'on' | 'off', StorefrontRow[]> = { on: [], off: [] };
    for (let round = 0; round <= RECORDING_ROUNDS; round++) {
      for (let turn = 0; turn < processes.length; turn++) {
        const at = (round + turn) % processes.length;
        const recording = RECORDING_PROCESSES[at] as 'on' | 'off';
        const label = `${recording === 'on' ? ZIPF_STEADY_RECORDED : ZIPF_STEADY_UNRECORDED} (process ${at + 1}, round ${round})`;
        const row = await runWindow(label, processes[at] as ChildServer, zipf, keys, 10);
        if (round > 0) windows[recording].push(row);
      }
    }
    return [medianRow(ZIPF_STEADY_RECORDED, windows.on), medianRow(ZIPF_STEADY_UNRECORDED, windows.off)];
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
  }
}

/**
 * Product pages: a Zipf mix over 20,000 products (the long tail a shop's pages have), from caches that hold no product
 * yet, then in steady state: after each of the 20,000 was answered once, as a server up a while holds them.
 */
async function productRows(
  api: ChildServer,
  secretKey: string,
  keys: readonly string[],
  emptyOnly = false,
): Promise<StorefrontRow[]> {
  const paths = await productPaths(api.url, secretKey, 20_000);
  const details = zipfSequence(paths, 400_000, 5);
  const empty = await run(PRODUCT_ZIPF_EMPTY, api, details, keys, 10);
  if (emptyOnly) return [empty];
  await sweep(api.url, paths, keys);
  return [empty, await run(PRODUCT_ZIPF_STEADY, api, details, keys, 10)];
}

/** A second storefront process whose engine is the Elasticsearch node holding the bench's index. */
const elasticsearchStorefront = (apiEnv: NodeJS.ProcessEnv, url: string): Promise<ChildServer> =>
  storefrontProcess({ ...apiEnv, ELASTICSEARCH_URL: url, ELASTICSEARCH_INDEX_PREFIX: BENCH_INDEX_PREFIX });

// `npm run bench:storefront`: writes the "Storefront API: GET /v1/products" section of docs/benchmarks.md.
async function main(): Promise<void> {
  const services = await ensureServices(process.env, { elasticsearch: 'optional' });
  const search = services.elasticsearch ?? { skipped: 'not provisioned' };
  const products = env.BENCH_PRODUCTS;
  const benchData = path.join(dataDir(), 'bench', `storefront-${products}`);
  await mkdir(benchData, { recursive: true });
  const tenant = await catalogueBenchTenant(services.databaseUrl, products, env.BENCH_RESEED === '1');
  const { siteId, secretKey } = await benchSite(tenant.db, tenant.tenantId);
  const extraKeys = await Promise.all(
    Array.from({ length: 7 }, async () => (await createKey(tenant.db, tenant.tenantId, siteId, 'secret', 'bench')).raw),
  );
  await ensureCollection(tenant.db, tenant.tenantId, siteId);
  await publishConfig(tenant.db, tenant.tenantId, siteId, 'bench keys');
  const documents = await ensureIndex(tenant.db, siteId, path.join(benchData, 'search'));
  const esDocuments = 'url' in search ? await ensureElasticsearchIndex(tenant.db, siteId, search.url) : null;
  await tenant.db.destroy();
  // A 1 s window and eight secret keys in turn keep the limits (6000 a window per key) above what one machine sends.
  // The embedded engine's storefront: ELASTICSEARCH_URL (set when the node was provisioned outside) is the second one's.
  const { ELASTICSEARCH_URL: _elasticsearch, ...ownEnv } = process.env;
  const apiEnv = {
    ...ownEnv,
    DATABASE_URL: tenant.url,
    REDIS_URL: services.redisUrl,
    DATA_DIR: benchData,
    RATE_LIMIT_WINDOW_SECONDS: '1',
  };
  const probeAtStart = cpuProbeMs();
  console.log(`  a fixed loop ran in ${probeAtStart} ms at the start (see cpuProbeMs)`);
  const api = await storefrontProcess(apiEnv);
  const ceiling = await constantProcess();
  let sized: ChildServer | null = null;
  let esApi: ChildServer | null = null;
  try {
    const inputs = await mixInputs(api.url, secretKey);
    const answer = await medianAnswer(api.url, secretKey, distinctPaths(inputs, 9, 4));
    sized = await constantProcess(answer);
    const distinct = distinctPaths(inputs, 200_000, 1);
    const zipfPaths = distinctPaths(inputs, 5000, 2);
    const zipf = zipfSequence(zipfPaths, 400_000, 3);
    const keys = [secretKey, ...extraKeys];
    if (env.BENCH_ONLY === 'products' || env.BENCH_ONLY === 'products-empty') {
      await productRows(api, secretKey, keys, env.BENCH_ONLY === 'products-empty');
      return;
    }
    if (env.BENCH_ONLY === 'listings') {
      await run('distinct requests', api, distinct, keys, 10);
      await run('Zipf mix over 5,000 requests, from empty caches', api, zipf, keys, 10);
      return;
    }
    if (env.BENCH_ONLY === 'analytics') {
      for (const row of await recordingWindows(apiEnv, zipfPaths, zipf, keys))
        console.log(`  ${row.scenario}: ${Math.round(row.rps)} req/s, server ${row.serverUs?.toFixed(1)} us a request`);
      return;
    }
    if (env.BENCH_ONLY === 'elasticsearch') {
      if (!('url' in search)) throw new Error(`BENCH_ONLY=elasticsearch: no Elasticsearch (${search.skipped})`);
      esApi = await elasticsearchStorefront(apiEnv, search.url);
      await run('Elasticsearch: distinct requests', esApi, distinct, keys, 10);
      await run('Elasticsearch: the Zipf mix from empty caches', esApi, zipf, keys, 10);
      return;
    }
    const rows = [await run('ceiling: node:http constant (11 bytes)', ceiling, ['/'], null, 10)];
    rows.push(
      await run(
        `node:http constant of a listing's size (${(answer.length / 1024).toFixed(0)} KB)`,
        sized,
        ['/'],
        null,
        10,
      ),
    );
    rows.push(await run('distinct requests', api, distinct, keys, 10));
    rows.push(await run('Zipf mix over 5,000 requests, from empty caches', api, zipf, keys, 10));
    await sweep(api.url, zipfPaths, keys);
    rows.push(await run(ZIPF_STEADY, api, zipf, keys, 10));
    // The first process recorded every search so far: its flushes and collections must not land on the pairs' first run.
    await quietProcess(api.pid);
    rows.push(...(await recordingWindows(apiEnv, zipfPaths, zipf, keys)));
    rows.push(...(await productRows(api, secretKey, keys)));
    const sorts = ['relevance', 'price_asc', 'price_desc', 'name_asc', 'newest'];
    const pages = sorts.flatMap((sort) =>
      [1, 2, 3, 4, 5].map((page) => `/v1/collections/${COLLECTION}?sort=${sort}&page=${page}`),
    );
    rows.push(await run('GET /v1/collections/{slug}, 25 pages', api, pages, keys, 10));
    // The listing mix again with the storefront on Elasticsearch: what the answer cache cannot answer goes to the node.
    if ('url' in search) {
      esApi = await elasticsearchStorefront(apiEnv, search.url);
      rows.push(await run('Elasticsearch: distinct requests', esApi, distinct, keys, 10));
      rows.push(await run('Elasticsearch: the Zipf mix from empty caches', esApi, zipf, keys, 10));
    }
    const elasticsearch = 'url' in search ? { documents: esDocuments ?? 0 } : { skipped: search.skipped };
    const body = renderStorefrontSection({
      products,
      documents,
      elasticsearch,
      rows,
      ceilingRps: rows[0].rps,
      sizedRps: rows[1].rps,
      seconds: env.BENCH_SECONDS,
      load: os.loadavg()[0] ?? 0,
      cores: os.cpus().length,
      probeMs: { start: probeAtStart, end: cpuProbeMs() },
      date: new Date().toISOString().slice(0, 10),
    });
    await writeSection(body);
    console.log(body);
  } finally {
    await Promise.all([api.stop(), ceiling.stop(), sized?.stop(), esApi?.stop()]);
    console.log(`  a fixed loop ran in ${cpuProbeMs()} ms at the end`);
    await stopServices(services.started);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
