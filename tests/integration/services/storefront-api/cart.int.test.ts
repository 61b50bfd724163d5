import request from 'supertest';
import type { RequestListener } from 'node:http';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import { indexedShop, type IndexedShop } from '../../../support/storefront-fixture';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { createResponseValidator, type OpenApiDocument } from '../../../support/openapi-conformance';
import { buildStorefrontDocument } from '../../../../services/storefront-api/openapi/build-document';
import { secondSiteKey, sellableSkus, setAvailable, type SellableSku } from '../../../support/cart-fixture';

type Line = {
  id: string;
  sku: string;
  quantity: number;
  price: { amount: string; currency: string; vatIncluded: boolean };
  product: { id: string };
  variant: { id: string };
};
type Cart = {
  token: string;
  market: string;
  currency: string;
  status: string;
  version: number;
  lines: Line[];
  subtotalInc: string;
  grandTotalInc: string;
  warnings: { code: string; lineId?: string }[];
};

/** Cents of a price times a quantity, counted independently of the service (prices here have two decimals). */
const cents = (amount: string) => Number(amount.replace('.', ''));

describe('storefront cart routes', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: RequestListener;
  let skus: SellableSku[];
  // Every answer below is checked against the OpenAPI document: status documented, body valid, no-store.
  const document = JSON.parse(JSON.stringify(buildStorefrontDocument())) as OpenApiDocument;
  const conforms = createResponseValidator(document, '');
  const seen = new Set<string>();
  const templateOf = (path: string) => path.replace(/^\/v1\/cart\/lines\/[^/]+$/, '/v1/cart/lines/{id}');
  const call = (
    method: 'get' | 'post' | 'patch' | 'delete',
    path: string,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const req = request(app)
      [method](path)
      .set({ 'X-Site-Key': shop.keys.secret, ...headers });
    return (token === undefined ? req : req.set('X-Cart-Token', token)).expect((res) => {
      const problems = path.startsWith('/v1/cart')
        ? conforms(method, path, res.status, res.headers['content-type'], res.body)
        : [];
      if (res.headers['cache-control'] !== 'no-store' && path.startsWith('/v1/cart'))
        problems.push(`Cache-Control ${res.headers['cache-control']}`);
      if (problems.length > 0) throw new Error(`${method} ${path} -> ${res.status}: ${problems.join('; ')}`);
      seen.add(`${method} ${templateOf(path)} ${res.status}`);
    });
  };
  const newCart = async (): Promise<string> => (await call('post', '/v1/cart')).headers['x-cart-token'] as string;
  const add = (token: string, sku: string, quantity: unknown, headers: Record<string, string> = {}) =>
    call('post', '/v1/cart/lines', token, headers).send({ sku, quantity });

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, { tenant: 'cart', products: 160, seed: 14 });
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine }));
    skus = await sellableSkus(app, shop.keys.secret, 56);
  }, 180_000);
  afterAll(async () => {
    try {
      // Every documented cart answer was produced above, but those only the shared /v1 pipeline gives (conformance.int.test.ts covers them there).
      // (404 SITE_INACTIVE is the only 404 of create, read and market change.)
      const pipelineOnly = new Set([
        '429',
        '500',
        '503',
        'get /v1/cart 404',
        'post /v1/cart 404',
        'post /v1/cart/market 404',
      ]);
      const documented = Object.entries(document.paths)
        .filter(([template]) => template.startsWith('/v1/cart'))
        .flatMap(([template, item]) =>
          Object.entries(item).flatMap(([method, op]) =>
            Object.keys(op.responses ?? {}).map((status) => `${method} ${template} ${status}`),
          ),
        )
        .filter((response) => !pipelineOnly.has(response) && !pipelineOnly.has(response.split(' ')[2]!));
      expect(documented.filter((response) => !seen.has(response)).sort()).toEqual([]);
    } finally {
      await shop.engine.cleanup();
      await r.cleanup();
      await t.drop();
    }
  });

  it('answers the pipeline errors on the cart routes too', async () => {
    const routes: ['get' | 'post' | 'patch' | 'delete', string][] = [
      ['post', '/v1/cart'],
      ['get', '/v1/cart'],
      ['post', '/v1/cart/lines'],
      ['patch', '/v1/cart/lines/l1'],
      ['delete', '/v1/cart/lines/l1'],
      ['post', '/v1/cart/market'],
    ];
    // Valid bodies, so the cart's own state decides (a malformed body is refused before the cart is read).
    const bodies: Record<string, object> = {
      '/v1/cart/lines': { sku: skus[11]!.sku, quantity: 1 },
      '/v1/cart/lines/l1': { quantity: 1 },
      '/v1/cart/market': { market: 'm1' },
    };
    for (const [method, path] of routes) {
      expect((await call(method, path, 'tok', { 'X-Site-Key': '' })).body.code).toBe('SITE_KEY_MISSING');
      expect((await call(method, path, 'tok', { 'Sec-Fetch-Site': 'cross-site' })).body.code).toBe(
        'SECRET_KEY_FROM_BROWSER',
      );
      expect((await call(method, path, 'tok', { 'X-Market': 'mars' })).body.code).toBe('MARKET_UNKNOWN');
      if (path === '/v1/cart' && method === 'post') continue;
      expect((await call(method, path, undefined)).body.code).toBe('NOT_FOUND');
      expect((await call(method, path, 'no-such-cart').send(bodies[path] ?? {})).body.code).toBe('CART_EXPIRED');
    }
    const token = await newCart();
    await add(token, skus[11]!.sku, 1);
    for (const [method, path] of routes.slice(2))
      expect((await call(method, path, token, { 'If-Match': '"1"' }).send(bodies[path] ?? {})).body.code).toBe(
        'CART_CONFLICT',
      );
    expect((await call('patch', '/v1/cart/lines/l999', token).send({ quantity: 1 })).body.code).toBe('NOT_FOUND');
  });

  it('creates an empty cart with a 256-bit token in X-Cart-Token, no-store and the version as ETag', async () => {
    const res = await call('post', '/v1/cart');
    expect(res.status).toBe(201);
    const token = res.headers['x-cart-token'] as string;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBe('"1"');
    expect(res.body).toEqual({
      token,
      market: 'm1',
      currency: expect.any(String),
      status: 'active',
      version: 1,
      lines: [],
      subtotalInc: '0.00',
      grandTotalInc: '0.00',
      warnings: [],
    });
    const stored = await r.redis.keys('cart:*');
    expect(stored.some((k) => k.includes(token))).toBe(false);
  });

  it("answers a missing token 400 NOT_FOUND, and an unknown token or another site's cart 410 CART_EXPIRED", async () => {
    const missing = await call('get', '/v1/cart');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('NOT_FOUND');
    expect(missing.headers.etag).toBeUndefined();
    expect((await call('get', '/v1/cart', 'no-such-cart')).body.code).toBe('CART_EXPIRED');
    expect((await add('no-such-cart', skus[0]!.sku, 1)).status).toBe(410);
    const token = await newCart();
    const other = await secondSiteKey(t.db, shop.tenantId);
    const { app: fresh } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine });
    const foreign = await request(fresh).get('/v1/cart').set({ 'X-Site-Key': other, 'X-Cart-Token': token });
    expect(foreign.status).toBe(410);
    expect(foreign.body.code).toBe('CART_EXPIRED');
  });

  it('adds, tops up, changes and removes lines, answering the whole cart with exact totals', async () => {
    const token = await newCart();
    const [a, b] = [skus[0]!, skus[1]!];
    const first = await add(token, a.sku, 1);
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBe('"2"');
    const topped = (await add(token, a.sku, 1)).body as Cart;
    expect(topped.lines).toHaveLength(1);
    expect(topped.lines[0]).toMatchObject({
      sku: a.sku,
      quantity: 2,
      product: { id: a.productId },
      variant: { id: String(a.variantId) },
      image: null,
    });
    const both = (await add(token, b.sku, 1)).body as Cart;
    expect(both.version).toBe(4);
    expect(both.lines.map((l) => l.sku)).toEqual([a.sku, b.sku]);
    const lineB = both.lines[1]!;
    const changed = (await call('patch', `/v1/cart/lines/${lineB.id}`, token).send({ quantity: 3 })).body as Cart;
    expect(changed.lines[1]!.quantity).toBe(3);
    const expected = changed.lines.reduce((sum, l) => sum + cents(l.price.amount) * l.quantity, 0);
    expect(changed.lines.every((l) => l.price.vatIncluded)).toBe(true);
    expect(changed.subtotalInc).toBe((expected / 100).toFixed(2));
    expect(changed.grandTotalInc).toBe(changed.subtotalInc);
    const removed = (await call('delete', `/v1/cart/lines/${lineB.id}`, token)).body as Cart;
    expect(removed.lines.map((l) => l.id)).toEqual([changed.lines[0]!.id]);
    expect(removed.version).toBe(6);
    expect((await call('delete', `/v1/cart/lines/${lineB.id}`, token)).status).toBe(404);
    expect(await call('get', '/v1/cart', token).then((res) => res.body)).toEqual(removed);
  });

  it('refuses quantities that are not positive integers, and quantities above stock with the cart', async () => {
    const token = await newCart();
    for (const bad of [0, -1, 1.5, '2', null]) {
      const res = await add(token, skus[2]!.sku, bad);
      expect([res.status, res.body.code]).toEqual([400, 'INVALID_QUANTITY']);
    }
    expect((await add(token, 'no-such-sku', 1)).body.code).toBe('PRODUCT_NOT_FOUND');
    await add(token, skus[2]!.sku, 1);
    const over = await add(token, skus[2]!.sku, skus[2]!.stock);
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('STOCK_INSUFFICIENT');
    expect(over.body.cart.lines[0].quantity).toBe(1);
    const patched = await call('patch', `/v1/cart/lines/${over.body.cart.lines[0].id}`, token).send({
      quantity: skus[2]!.stock + 1,
    });
    expect([patched.status, patched.body.code, patched.body.cart.version]).toEqual([409, 'STOCK_INSUFFICIENT', 2]);
  });

  it('refuses a body that is no JSON object, and a SKU with a NUL or control character, as INVALID_BODY (never 500)', async () => {
    const token = await newCart();
    const [line] = (await add(token, skus[0]!.sku, 1)).body.lines as { id: string }[];
    const bodies: [string, string | undefined][] = [
      ['text/plain', JSON.stringify({ sku: skus[0]!.sku, quantity: 1 })],
      ['application/x-www-form-urlencoded', `sku=${skus[0]!.sku}&quantity=1`],
      ['application/json', '[1]'],
      ['application/json', 'null'],
      ['application/json', '3'],
      ['application/json', undefined],
    ];
    const sent = (req: ReturnType<typeof call>, [type, body]: [string, string | undefined]) =>
      body === undefined ? req : req.set('Content-Type', type).send(body);
    for (const body of bodies) {
      for (const req of [
        call('post', '/v1/cart/lines', token),
        call('patch', `/v1/cart/lines/${line!.id}`, token),
        call('post', '/v1/cart/market', token),
      ]) {
        const res = await sent(req, body);
        expect([res.status, res.body.code, body[0]]).toEqual([400, 'INVALID_BODY', body[0]]);
      }
    }
    for (const sku of [`${skus[0]!.sku}\u0000`, '\u0000', 'a\nb', 'x\u007f']) {
      const res = await add(token, sku, 1);
      expect([res.status, res.body.code]).toEqual([400, 'INVALID_BODY']);
    }
    expect((await call('get', '/v1/cart', token)).body.lines).toHaveLength(1);
  });

  it('holds 50 distinct lines (CART_FULL for the 51st) and still tops up', async () => {
    const token = await newCart();
    for (const s of skus.slice(0, 50)) expect((await add(token, s.sku, 1)).status).toBe(200);
    const full = await add(token, skus[50]!.sku, 1);
    expect([full.status, full.body.code]).toEqual([400, 'CART_FULL']);
    const topped = await add(token, skus[0]!.sku, 1);
    expect(topped.status).toBe(200);
    expect(topped.body.lines).toHaveLength(50);
  });

  it('checks If-Match: a stale version is 409 CART_CONFLICT with the current cart, the current one succeeds', async () => {
    const token = await newCart();
    await add(token, skus[3]!.sku, 1);
    const stale = await add(token, skus[4]!.sku, 1, { 'If-Match': '"1"' });
    expect([stale.status, stale.body.code]).toEqual([409, 'CART_CONFLICT']);
    expect(stale.body.cart).toEqual((await call('get', '/v1/cart', token)).body);
    expect((await add(token, skus[4]!.sku, 1, { 'If-Match': '"2"' })).body.version).toBe(3);
  });

  it('replays an Idempotency-Key retry and refuses the key with another body (422 IDEMPOTENCY_KEY_REUSED)', async () => {
    const token = await newCart();
    const first = await add(token, skus[5]!.sku, 2, { 'Idempotency-Key': 'k1' });
    const again = await add(token, skus[5]!.sku, 2, { 'Idempotency-Key': 'k1' });
    expect(again.body).toEqual(first.body);
    expect((await call('get', '/v1/cart', token)).body.lines[0].quantity).toBe(2);
    const reused = await add(token, skus[5]!.sku, 3, { 'Idempotency-Key': 'k1' });
    expect([reused.status, reused.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('shows a price or stock change in the catalogue on the next GET, dropping what is gone', async () => {
    const token = await newCart();
    const [p, s, g] = [skus[6]!, skus[7]!, skus[8]!];
    await add(token, p.sku, 1);
    await add(token, s.sku, 3);
    const before = (await add(token, g.sku, 1)).body as Cart;
    const lists = await t
      .db('price_lists')
      .where({ tenant_id: shop.tenantId, currency_code: before.currency })
      .pluck('id');
    await t
      .db('prices')
      .where({ tenant_id: shop.tenantId, product_id: p.variantId })
      .whereIn('price_list_id', lists)
      .update({ amount: t.db.raw('amount + 1.25') });
    await setAvailable(t.db, shop.tenantId, s.variantId, 2);
    await setAvailable(t.db, shop.tenantId, g.variantId, 0);
    const after = (await call('get', '/v1/cart', token)).body as Cart;
    const [lp, ls, lg] = before.lines;
    expect(after.lines.map((l) => l.id)).toEqual([lp!.id, ls!.id]);
    expect(cents(after.lines[0]!.price.amount)).toBe(cents(lp!.price.amount) + 125);
    expect(after.lines[1]!.quantity).toBe(2);
    expect(after.warnings).toEqual(
      [
        { code: 'PRICE_CHANGED', lineId: lp!.id },
        { code: 'QUANTITY_REDUCED', lineId: ls!.id },
        { code: 'PRODUCT_GONE', lineId: lg!.id },
      ].sort(
        (x, y) => before.lines.findIndex((l) => l.id === x.lineId) - before.lines.findIndex((l) => l.id === y.lineId),
      ),
    );
    expect(after.version).toBe(before.version + 1);
    const next = (await call('get', '/v1/cart', token)).body as Cart;
    expect(next.warnings).toEqual([{ code: 'PRICE_CHANGED', lineId: lp!.id }]);
    expect(next.version).toBe(after.version);
  });

  it('changes market: re-prices in its currency and drops lines not sold there with PRODUCT_GONE', async () => {
    const token = await newCart();
    const [a, b] = [skus[9]!, skus[10]!];
    await add(token, a.sku, 1);
    const before = (await add(token, b.sku, 1)).body as Cart;
    const m2 = (await call('get', '/v1/site')).body.markets.find((m: { code: string }) => m.code === 'm2') as
      | { currency: string }
      | undefined;
    const m2Lists = await t
      .db('price_lists')
      .where({ tenant_id: shop.tenantId, currency_code: m2?.currency ?? 'SEK' })
      .pluck('id');
    // Takes a variant's prices on the given price lists away (its market no longer sells it).
    const unprice = (variantId: number, lists: readonly number[]) =>
      t
        .db('prices')
        .where({ tenant_id: shop.tenantId, product_id: variantId })
        .whereIn('price_list_id', lists)
        .delete();
    await unprice(b.variantId, m2Lists);
    const moved = await call('post', '/v1/cart/market', token).send({ market: 'm2' });
    expect(moved.status).toBe(200);
    const cart = moved.body as Cart;
    expect(cart.market).toBe('m2');
    expect(cart.currency).not.toBe(before.currency);
    expect(cart.lines.map((l) => [l.sku, l.price.currency])).toEqual([[a.sku, cart.currency]]);
    expect(cart.warnings).toEqual([{ code: 'PRODUCT_GONE', lineId: before.lines[1]!.id }]);
    expect((await call('post', '/v1/cart/market', token).send({ market: 'nope' })).body.code).toBe('MARKET_UNKNOWN');
    // A SKU the cart's market does not sell is 404 before any If-Match check, also when the request's market (here the
    // default, where b is sold) sells it: the line is priced on the cart's market, as on the cart's own market.
    const stale = await add(token, b.sku, 1, { 'If-Match': '"1"' });
    expect([stale.status, stale.body.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    const conflict = await add(token, a.sku, 1, { 'If-Match': '"1"' });
    expect([conflict.status, conflict.body.code, conflict.body.cart.market]).toEqual([409, 'CART_CONFLICT', 'm2']);

    // A line added with the request on another market is priced on the cart's, also when the request's market does
    // not sell it.
    const pricedOnM2 = new Set(
      await t.db('prices').where({ tenant_id: shop.tenantId }).whereIn('price_list_id', m2Lists).pluck('product_id'),
    );
    const [c, d] = skus.slice(12, 40).filter((s) => pricedOnM2.has(s.variantId));
    if (c === undefined || d === undefined) throw new Error('the fixture sells fewer than two of these SKUs on m2');
    const defaultLists = await t
      .db('price_lists')
      .where({ tenant_id: shop.tenantId })
      .whereNotIn('id', m2Lists)
      .pluck('id');
    await unprice(d.variantId, defaultLists);
    const added = (await add(token, c.sku, 1)).body as Cart;
    expect(added.lines.map((l) => [l.sku, l.price.currency])).toEqual([
      [a.sku, cart.currency],
      [c.sku, cart.currency],
    ]);
    const onlyThere = await add(token, d.sku, 1);
    expect(onlyThere.status).toBe(200);
    expect((onlyThere.body as Cart).lines.map((l) => l.sku)).toEqual([a.sku, c.sku, d.sku]);
    expect((await add(await newCart(), d.sku, 1)).body.code).toBe('PRODUCT_NOT_FOUND');
  });
});
