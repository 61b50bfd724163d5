import type { LoadRow } from '../storefront/report';

/** A cart scenario's row, with the server process's CPU time (user + system) per request in us (null: unreadable). */
export type CartRow = LoadRow & { serverUs: number | null };

export interface CartBenchResult {
  products: number;
  carts: number;
  skus: number;
  rows: CartRow[];
  seconds: number;
  loadBefore: number;
  loadAfter: number;
  cores: number;
  date: string;
}

/** Issue 27's cart targets: 10x the requests/s measured before (117 adds, 108 reads a second), p99 under 100 ms. */
const CART_TARGET = { addRps: 1170, readRps: 1080, p99Ms: 100 };

/** The "Storefront cart" section of docs/benchmarks.md (pure). */
export function renderCartSection(r: CartBenchResult): string {
  return [
    '## Storefront cart (`npm run bench:cart`)',
    '',
    `\`npm run bench:cart\` (BENCH_PRODUCTS=${r.products}, BENCH_SECONDS=${r.seconds}), ${r.date}, ${r.cores} cores shared with other work:`,
    `load average ${r.loadBefore.toFixed(1)} before the runs, ${r.loadAfter.toFixed(1)} after. The storefront API runs as its own process`,
    '(as `npm start` runs it, carts and rate limiter in Redis), autocannon in this one, each scenario for a bounded time.',
    `${r.carts} carts are created first; the add-line scenario sends \`POST /v1/cart/lines\` over ${r.carts} connections, request`,
    `i going to cart i mod ${r.carts} with SKU (i div ${r.carts}) mod ${r.skus} (quantity 1, no If-Match): each add resolves the`,
    "cart's SKUs and the new one, runs one Lua script in Redis, and answers the whole cart, so the cost grows with the lines",
    'a cart holds. The read scenario is `GET /v1/cart` over the same carts afterwards. Every answer must be 2xx. SKUs resolve',
    'from the products the process holds until the change log names them (docs/decisions.md, "Product freshness"; before,',
    "every answer ran the indexer's catalogue reader: 117 adds and 108 reads a second, p99 1.9 s). An add is one Redis",
    "round trip (the script, with the line priced on the request's market) and a read one GET, auto-pipelined. A line's",
    'catalogue part is encoded once per resolved SKU (`CartEncoder`; the JSON was 11% of the profile). What is left per',
    'answer (CPU profile of the server, 2026-11-27): garbage collection 16%, writing the answer, the cart decoded from',
    'Redis and its SKUs looked up among the held products, express and the /v1 pipeline (key, rate limit); with 100',
    'connections on two cores shared with autocannon and Redis, the p99 is about twice the median, so it follows the',
    'requests a second. A larger young generation (`--max-semi-space-size=64`, BENCH_SERVER_FLAGS) raised the medians',
    "in paired runs but left the add p99 at 115 to 130 ms; it is not set. Server CPU a request: the server process's",
    'user and system time over the requests it answered (steadier than rates on a shared machine).',
    '',
    `Targets: at least ${CART_TARGET.addRps.toLocaleString('en-US')} adds and ${CART_TARGET.readRps.toLocaleString('en-US')} reads a second (10x), p99 under ${CART_TARGET.p99Ms} ms, one Lua script a change.`,
    '',
    '| Scenario | Connections | Median | p99 | Requests/s | Requests | Server CPU a request |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.rows.map(
      (row) =>
        `| ${row.scenario} | ${row.connections} | ${row.medianMs} ms | ${row.p99Ms} ms | ${Math.round(row.rps).toLocaleString('en-US')} | ${row.requests.toLocaleString('en-US')} | ${row.serverUs === null ? 'n/a' : `${Math.round(row.serverUs)} us`} |`,
    ),
    '',
    ...r.rows.map((row) => {
      const target = row.scenario.startsWith('POST') ? CART_TARGET.addRps : CART_TARGET.readRps;
      const verdict = (ok: boolean) => (ok ? 'met' : 'not met');
      return `- ${row.scenario}: ${Math.round(row.rps).toLocaleString('en-US')} requests/s against ${target.toLocaleString('en-US')} (${verdict(row.rps >= target)}), p99 ${row.p99Ms} ms (${verdict(row.p99Ms < CART_TARGET.p99Ms)}).`;
    }),
    '',
  ].join('\n');
}
