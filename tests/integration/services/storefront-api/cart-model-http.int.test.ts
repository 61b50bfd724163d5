import fc from 'fast-check';
import request from 'supertest';
import type { RequestListener } from 'node:http';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import { indexedShop, type IndexedShop } from '../../../support/storefront-fixture';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { sellableSkus, type SellableSku } from '../../../support/cart-fixture';

// The same model as cart-model.int.test.ts, through the HTTP routes (If-Match parsing, 409 bodies, the versions
// a client sees). Fewer runs: every step is a request with catalogue reads. The SKUs are sold on both markets
// with stock to spare, so a market change keeps every line; the store-level test covers the drops and CART_FULL.

type IfMatch = 'none' | 'fresh' | 'stale';
type Command =
  | { op: 'add'; sku: number; q: number; ifMatch: IfMatch }
  | { op: 'set'; line: number; q: number; ifMatch: IfMatch }
  | { op: 'del'; line: number; ifMatch: IfMatch }
  | { op: 'market'; market: 'm1' | 'm2'; ifMatch: IfMatch };
type ModelLine = { id: string; sku: string; quantity: number };
type Model = { version: number; market: string; next: number; lines: ModelLine[] };

const ifMatchArb = fc.constantFrom<IfMatch>('none', 'fresh', 'stale');
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      sku: fc.integer({ min: 0, max: 3 }),
      q: fc.integer({ min: 1, max: 3 }),
      ifMatch: ifMatchArb,
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('set' as const),
      line: fc.integer({ min: 0, max: 4 }),
      q: fc.integer({ min: 1, max: 8 }),
      ifMatch: ifMatchArb,
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('del' as const),
      line: fc.integer({ min: 0, max: 4 }),
      ifMatch: ifMatchArb,
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('market' as const),
      market: fc.constantFrom('m1' as const, 'm2' as const),
      ifMatch: ifMatchArb,
    }),
    weight: 1,
  },
);

describe('cart routes against a model', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: RequestListener;
  let skus: SellableSku[];
  const send = (
    method: 'get' | 'post' | 'patch' | 'delete',
    path: string,
    token: string,
    headers: Record<string, string>,
    body?: object,
  ) =>
    request(app)
      [method](path)
      .set({ 'X-Site-Key': shop.keys.secret, 'X-Cart-Token': token, ...headers })
      .send(body);

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, { tenant: 'cart-model', products: 120, seed: 77 });
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine }));
    const candidates = await sellableSkus(app, shop.keys.secret, 30, 8);
    const both: SellableSku[] = [];
    for (const s of candidates) {
      const detail = (
        await request(app).get(`/v1/products/${s.productId}`).set({ 'X-Site-Key': shop.keys.secret, 'X-Market': 'm2' })
      ).body as { variants?: { sku: string; price: unknown }[] | null };
      if (detail.variants?.some((v) => v.sku === s.sku && v.price !== null)) both.push(s);
      if (both.length === 4) break;
    }
    if (both.length < 4) throw new Error('fewer than 4 SKUs sold on both markets');
    skus = both;
  }, 180_000);
  afterAll(async () => {
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  /** The request a command makes, and what the model says it answers (mutating the model on success). */
  function step(
    model: Model,
    c: Command,
  ): {
    method: 'post' | 'patch' | 'delete';
    path: string;
    body?: object;
    ifMatch: string | null;
    outcome: 200 | 404 | 409;
    code?: string;
  } {
    const ifMatch =
      c.ifMatch === 'none' ? null : c.ifMatch === 'fresh' ? `"${model.version}"` : `"${model.version - 1}"`;
    const lineId = c.op === 'set' || c.op === 'del' ? (model.lines[c.line]?.id ?? 'l999') : '';
    const request =
      c.op === 'add'
        ? { method: 'post' as const, path: '/v1/cart/lines', body: { sku: skus[c.sku]!.sku, quantity: c.q } }
        : c.op === 'set'
          ? { method: 'patch' as const, path: `/v1/cart/lines/${lineId}`, body: { quantity: c.q } }
          : c.op === 'del'
            ? { method: 'delete' as const, path: `/v1/cart/lines/${lineId}` }
            : { method: 'post' as const, path: '/v1/cart/market', body: { market: c.market } };
    const line = model.lines.find((l) => l.id === lineId);
    if (ifMatch !== null && ifMatch !== `"${model.version}"`)
      return { ...request, ifMatch, outcome: 409, code: 'CART_CONFLICT' };
    if ((c.op === 'set' || c.op === 'del') && line === undefined)
      return { ...request, ifMatch, outcome: 404, code: 'NOT_FOUND' };
    if (c.op === 'add') {
      const sku = skus[c.sku]!;
      const existing = model.lines.find((l) => l.sku === sku.sku);
      if ((existing?.quantity ?? 0) + c.q > sku.stock)
        return { ...request, ifMatch, outcome: 409, code: 'STOCK_INSUFFICIENT' };
      if (existing !== undefined) existing.quantity += c.q;
      else model.lines.push({ id: `l${model.next++}`, sku: sku.sku, quantity: c.q });
    } else if (c.op === 'set') {
      if (c.q > skus.find((s) => s.sku === line!.sku)!.stock)
        return { ...request, ifMatch, outcome: 409, code: 'STOCK_INSUFFICIENT' };
      line!.quantity = c.q;
    } else if (c.op === 'del') model.lines = model.lines.filter((l) => l.id !== lineId);
    else model.market = c.market;
    model.version += 1;
    return { ...request, ifMatch, outcome: 200 };
  }

  it('keeps the cart equal to the model through the routes; +1 version per write; stale If-Match is 409 with the current cart', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 12 }), async (commands) => {
        const token = (await request(app).post('/v1/cart').set('X-Site-Key', shop.keys.secret)).headers[
          'x-cart-token'
        ] as string;
        const model: Model = { version: 1, market: 'm1', next: 1, lines: [] };
        for (const c of commands) {
          const wanted = step(model, c);
          const res = await send(
            wanted.method,
            wanted.path,
            token,
            wanted.ifMatch === null ? {} : { 'If-Match': wanted.ifMatch },
            wanted.body,
          );
          const current = (await send('get', '/v1/cart', token, {})).body;
          expect([res.status, res.body.code]).toEqual([wanted.outcome, wanted.code]);
          if (wanted.outcome === 200) expect(res.body).toEqual(current);
          if (wanted.outcome === 409) expect(res.body.cart).toEqual(current);
          expect(res.headers['cache-control']).toBe('no-store');
          expect({
            version: current.version,
            market: current.market,
            lines: current.lines.map((l: ModelLine) => ({ id: l.id, sku: l.sku, quantity: l.quantity })),
          }).toEqual({ version: model.version, market: model.market, lines: model.lines });
        }
      }),
      { numRuns: Number(process.env.CART_MODEL_HTTP_RUNS ?? 40) },
    );
  }, 300_000);
});
