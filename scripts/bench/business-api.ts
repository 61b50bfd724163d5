import { cpus } from 'node:os';
import type { Knex } from '../../shared/db/knex';
import { createRedis } from '../../shared/redis';
import { ensureServices, stopServices } from '../services/provision';
import { BENCH_ORDERS, prepareBenchDb } from './business-api/bench-db';
import { load, type LoadResult } from './business-api/measure';
import { renderSection, type KeysetResult } from './business-api/report';
import { writeSection } from './shared/report-section';
import { timeRuns } from './shared/timing';
import { businessApi, constantApp, listenOnFreePort } from './business-api/servers';

// `npm run bench:business-api`: GET /sales-orders on 1,000,000 orders against a constant express handler.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KEYSET_PAGE_SIZE = 50;
const log = (line: string) => console.log(line);

/** The customer of the newest order: a filter every shop back office runs. */
async function benchCustomer(db: Knex, tenantId: number): Promise<number> {
  const row = (await db('orders')
    .where('tenant_id', tenantId)
    .whereNotNull('customer_id')
    .orderBy('date_order', 'desc')
    .first('customer_id')) as { customer_id: number };
  return row.customer_id;
}

/** Page 1 and page 1,000 of the same listing, reached by following cursors, each timed the same way. */
async function keysetCost(url: string, headers: Record<string, string>): Promise<KeysetResult> {
  const page = async (cursor?: string) => {
    const query = new URLSearchParams({ pageSize: String(KEYSET_PAGE_SIZE), ...(cursor && { cursor }) });
    const res = await fetch(`${url}/api/v1/sales-orders?${query}`, { headers });
    if (res.status !== 200) throw new Error(`listing answered ${res.status}`);
    return (await res.json()) as { nextCursor: string | null };
  };
  let cursor: string | undefined;
  for (let i = 1; i < 1000; i++) cursor = (await page(cursor)).nextCursor ?? undefined;
  if (!cursor) throw new Error('the listing has fewer than 1,000 pages');
  const deep = cursor;
  return {
    pageSize: KEYSET_PAGE_SIZE,
    page1: await timeRuns(() => page(), { runs: 200 }),
    page1000: await timeRuns(() => page(deep), { runs: 200 }),
  };
}

async function main(): Promise<void> {
  const services = await ensureServices();
  const { db, tenantId } = await prepareBenchDb(services.databaseUrl, log);
  const redis = createRedis(services.redisUrl);
  const { running: api, token } = await businessApi(db, redis, tenantId);
  const ceiling = await listenOnFreePort(constantApp());
  try {
    const headers = { authorization: `Bearer ${token}` };
    const customerId = await benchCustomer(db, tenantId);
    const run = (name: string, path: string) => load(name, api.url, path, headers, SECONDS, CONNECTIONS).then(report);
    const report = (r: LoadResult) => {
      log(`${r.name}: median ${r.medianMs} ms, p99 ${r.p99Ms} ms, ${r.rps.toFixed(0)} req/s`);
      return r;
    };
    const ceilingResult = report(
      await load('Ceiling: constant express handler', ceiling.url, '/', {}, SECONDS, CONNECTIONS),
    );
    const scenarios = [
      await run('Sales orders of one customer', `/api/v1/sales-orders?customerId=${customerId}`),
      await run('Sales orders with lines', '/api/v1/sales-orders?include=lines'),
      await run('Sales orders, default listing', '/api/v1/sales-orders'),
    ];
    log('Keyset cost: following cursors to page 1,000...');
    const keyset = await keysetCost(api.url, headers);
    const quantiles = (t: { median: number; p99: number }) =>
      `median ${t.median.toFixed(2)} ms, p99 ${t.p99.toFixed(2)} ms`;
    log(`page 1: ${quantiles(keyset.page1)}; page 1,000: ${quantiles(keyset.page1000)}`);
    const cpu = cpus();
    await writeSection(
      renderSection({
        machine: `${cpu.length} x ${cpu[0]?.model ?? 'cpu'}, Node ${process.version}`,
        date: new Date().toISOString().slice(0, 10),
        orders: BENCH_ORDERS,
        seconds: SECONDS,
        connections: CONNECTIONS,
        ceiling: ceilingResult,
        scenarios,
        keyset,
        notes: [
          'Server, PostgreSQL and autocannon share the machine (and the server shares its event loop with ' +
            'autocannon), so the ratio to the ceiling, measured the same way in the same run, is the figure to compare.',
          'Default page sizes: 50 without include, 25 with include=lines (each page then also reads the lines of its 25 orders).',
          `Data: scripts/seed (seedTenant, 500 products, ${BENCH_ORDERS.toLocaleString('en')} orders of all four document types), in the database aisle_bench_business_api, reused by later runs.`,
          'Keyset: page 1,000 starts after its cursor row through the (tenant_id, date_order desc, id desc) index, so it costs what page 1 costs; no OFFSET.',
        ],
      }),
    );
    log('Wrote the "Business API" section of docs/benchmarks.md');
  } finally {
    await Promise.all([api.close(), ceiling.close()]);
    redis.disconnect();
    await db.destroy();
    await stopServices(services.started);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
