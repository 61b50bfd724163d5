import type { LoadRow } from '../storefront/report';

export interface CartBenchResult {
  products: number;
  carts: number;
  skus: number;
  rows: LoadRow[];
  seconds: number;
  loadBefore: number;
  loadAfter: number;
  cores: number;
  date: string;
}

/** The "Storefront cart" section of docs/benchmarks.md (pure). */
export function renderCartSection(r: CartBenchResult): string {
  return [
    '## Storefront cart (`npm run bench:cart`)',
    '',
    `\`npm run bench:cart\` (BENCH_PRODUCTS=${r.products}, BENCH_SECONDS=${r.seconds}), ${r.date}, ${r.cores} cores shared with other work:`,
    `load average ${r.loadBefore.toFixed(1)} before the runs, ${r.loadAfter.toFixed(1)} after. The storefront API runs as its own process`,
    '(as `npm start` runs it, carts and rate limiter in Redis), autocannon in this one, each scenario for a bounded time.',
    `${r.carts} carts are created first; the add-line scenario sends \`POST /v1/cart/lines\` over ${r.carts} connections, request`,
    `i going to cart i mod ${r.carts} with SKU (i div ${r.carts}) mod ${r.skus} (quantity 1, no If-Match): each add is a PostgreSQL`,
    're-resolution of the SKU, one Lua script in Redis, then the whole cart re-resolved for the answer, so the cost grows with',
    'the lines a cart holds. The read scenario is `GET /v1/cart` over the same carts afterwards. Every answer must be 2xx.',
    "Where the time goes: each answer loads its products as the product detail does (the indexer's catalogue reader, about ten",
    'PostgreSQL queries whatever the number of lines), and 100 connections queue on the connection pool; the Lua step itself is',
    'well under a millisecond (the model test runs about 6,000 of them, each followed by a GET, in about 5 s).',
    '',
    '| Scenario | Connections | Median | p99 | Requests/s | Requests |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...r.rows.map(
      (row) =>
        `| ${row.scenario} | ${row.connections} | ${row.medianMs} ms | ${row.p99Ms} ms | ${Math.round(row.rps).toLocaleString('en-US')} | ${row.requests.toLocaleString('en-US')} |`,
    ),
    '',
  ].join('\n');
}
