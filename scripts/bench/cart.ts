import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { z } from 'zod';
import { loadConfig } from '../../shared/config';
import { createRedis } from '../../shared/redis';
import { dataDir } from '../services/paths';
import { ensureServices, stopServices } from '../services/provision';
import { benchSite, catalogueBenchTenant } from './shared/bench-site';
import { writeSection } from './shared/report-section';
import { type CartRow, renderCartSection } from './cart/report';
import { loadRowOf } from './storefront/report';
import { processCpuMs, storefrontProcess, type ChildServer } from './storefront/servers';

const env = loadConfig(
  z.object({
    BENCH_PRODUCTS: z.coerce.number().int().min(100).default(2000),
    BENCH_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
    BENCH_CARTS: z.coerce.number().int().min(1).max(1000).default(100),
  }),
);
/** Distinct SKUs per cart: at most the 50-line limit, so later adds are top-ups. */
const SKUS = 40;
const DRAIN_MS = 3000;

/** SKUs the bench site sells with plenty of stock, checked through the API (a probe cart must accept each). */
async function sellableSkus(url: string, key: string, candidates: readonly string[]): Promise<string[]> {
  const headers = { 'X-Site-Key': key, 'Content-Type': 'application/json' };
  const out: string[] = [];
  let token = '';
  for (const sku of candidates) {
    if (out.length % 40 === 0)
      token = (await fetch(`${url}/v1/cart`, { method: 'POST', headers })).headers.get('X-Cart-Token') ?? '';
    const res = await fetch(`${url}/v1/cart/lines`, {
      method: 'POST',
      headers: { ...headers, 'X-Cart-Token': token },
      body: JSON.stringify({ sku, quantity: 1 }),
    });
    if (res.status === 200) out.push(sku);
    if (out.length === SKUS) return out;
  }
  throw new Error(`only ${out.length} sellable SKUs`);
}

/** One scenario against `server`, with the server's CPU per request (steadier than rates on a shared machine). */
async function run(
  scenario: string,
  server: ChildServer,
  connections: number,
  request: (i: number) => { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string },
): Promise<CartRow> {
  let next = 0;
  const cpuBefore = processCpuMs(server.pid);
  const result = await autocannon({
    url: server.url,
    connections,
    duration: env.BENCH_SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, ...request(next++) }) }],
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${scenario}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  // autocannon stops sending at the deadline; let the server finish the requests still queued before going on.
  await sleep(DRAIN_MS);
  const cpuAfter = processCpuMs(server.pid);
  const serverUs =
    cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1000) / result.requests.total;
  console.log(
    `  ${scenario}: ${Math.round(result.requests.average)} req/s, median ${result.latency.p50} ms, p99 ${result.latency.p99} ms, server ${serverUs?.toFixed(0) ?? '-'} us a request`,
  );
  return { ...loadRowOf(scenario, connections, result), serverUs };
}

// `npm run bench:cart`: writes the "Storefront cart" section of docs/benchmarks.md.
async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0] ?? 0;
  const services = await ensureServices();
  const tenant = await catalogueBenchTenant(services.databaseUrl, env.BENCH_PRODUCTS, false);
  const { secretKey } = await benchSite(tenant.db, tenant.tenantId);
  const candidates: string[] = (
    await tenant.db.raw<{ rows: { sku: string }[] }>(
      `select p.product_number as sku from products p join stock s on s.tenant_id = p.tenant_id and s.product_id = p.id
     where p.tenant_id = ? and p.is_active group by p.tenant_id, p.id having sum(s.qty_in_stock - s.qty_outgoing) >= 100 order by p.id limit 400`,
      [tenant.tenantId],
    )
  ).rows.map((r) => r.sku);
  await tenant.db.destroy();
  // Short-lived carts (the bench shares Redis), and a 1 s rate window so the secret key's budget is never the limit.
  const api = await storefrontProcess({
    ...process.env,
    DATABASE_URL: tenant.url,
    REDIS_URL: services.redisUrl,
    DATA_DIR: path.join(dataDir(), 'bench', 'cart'),
    RATE_LIMIT_WINDOW_SECONDS: '1',
    CART_TTL_SECONDS: '600',
  });
  const tokens: string[] = [];
  try {
    const skus = await sellableSkus(api.url, secretKey, candidates);
    const headers = { 'X-Site-Key': secretKey, 'Content-Type': 'application/json' };
    for (let i = 0; i < env.BENCH_CARTS; i++)
      tokens.push((await fetch(`${api.url}/v1/cart`, { method: 'POST', headers })).headers.get('X-Cart-Token') ?? '');
    const carts = tokens.length;
    const rows = [
      await run(`POST /v1/cart/lines, ${carts} carts`, api, carts, (i) => ({
        method: 'POST',
        path: '/v1/cart/lines',
        headers: { ...headers, 'X-Cart-Token': tokens[i % carts] },
        body: JSON.stringify({ sku: skus[Math.floor(i / carts) % skus.length], quantity: 1 }),
      })),
      await run(`GET /v1/cart, ${carts} carts`, api, carts, (i) => ({
        method: 'GET',
        path: '/v1/cart',
        headers: { 'X-Site-Key': secretKey, 'X-Cart-Token': tokens[i % carts] },
      })),
    ];
    const body = renderCartSection({
      products: env.BENCH_PRODUCTS,
      carts,
      skus: skus.length,
      rows,
      seconds: env.BENCH_SECONDS,
      loadBefore,
      loadAfter: os.loadavg()[0] ?? 0,
      cores: os.cpus().length,
      date: new Date().toISOString().slice(0, 10),
    });
    await writeSection(body);
    console.log(body);
  } finally {
    await api.stop();
    const redis = createRedis(services.redisUrl);
    if (tokens.length > 0)
      await redis.del(...tokens.map((t) => `cart:${createHash('sha256').update(t).digest('hex')}`));
    redis.disconnect();
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
