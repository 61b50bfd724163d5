import request from 'supertest';
import type { StorefrontApp } from '../../services/storefront-api/app';
import { bodyMatrix, rawServer, type EncodedBody, type Fields, type RawAnswer } from '../support/body-encodings';
import { sellableSkus } from '../support/cart-fixture';
import { createResponseValidator, type OpenApiDocument } from '../support/openapi-conformance';
import { documentedOperations } from '../support/route-inventory';
import { createStorefrontTestApp } from '../support/storefront-api';
import { indexedShop, type IndexedShop } from '../support/storefront-fixture';
import { createTestDb, type TestDb } from '../support/test-db';
import { createTestRedis, type TestRedis } from '../support/test-redis';

// Proves: every cart route that is sent a body, in every content type (the JSON family, another charset, text,
// forms, multipart, bytes, none) and as an empty body, a JSON array, JSON null or malformed JSON, answers as
// decisions.md says (the storefront reads bodies only as application/json in UTF-8; every other body is 400
// INVALID_BODY, the spec lists no 415), in the documented problem format, never a 5xx, and the cart is unchanged.
// Create reads no body: it answers 201 whatever comes along. The routes are read from the served document.

type Route = { method: 'post' | 'patch'; template: string; hasBody: boolean };
type Case = { route: Route; encoded: EncodedBody };

describe('cart bodies in every content type', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: StorefrontApp;
  let server: Awaited<ReturnType<typeof rawServer>>;
  let conforms: ReturnType<typeof createResponseValidator>;
  let routes: Route[];
  /** The route's fields, valid: a sold SKU, a quantity, the site's other market. */
  let fields: Record<string, Fields>;
  let sku: string;

  beforeAll(async () => {
    [t, r] = [await createTestDb(), createTestRedis()];
    shop = await indexedShop(t.db, { tenant: 'cart-bodies', products: 12, seed: 31 });
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine }));
    server = await rawServer(app);
    const document = (await request(app).get('/openapi/v1.json')).body as OpenApiDocument & {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    conforms = createResponseValidator(document, '');
    routes = documentedOperations(document)
      .filter((o) => o.template.startsWith('/v1/cart') && (o.method === 'post' || o.method === 'patch'))
      .map((o) => ({
        method: o.method as Route['method'],
        template: o.template,
        hasBody: o.op.requestBody !== undefined,
      }));
    [{ sku }] = await sellableSkus(app, shop.keys.secret, 1, 5);
    fields = {
      '/v1/cart/lines': { sku, quantity: 1 },
      '/v1/cart/lines/{id}': { quantity: 2 },
      '/v1/cart/market': { market: 'm2' },
    };
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  const key = () => ({ 'X-Site-Key': shop.keys.secret });

  /** A cart holding one line of the SKU: its token, line id and version. */
  async function cartWithLine(): Promise<{ token: string; lineId: string; version: number }> {
    const token = (await request(app).post('/v1/cart').set(key())).headers['x-cart-token'] as string;
    const added = await request(app)
      .post('/v1/cart/lines')
      .set({ ...key(), 'X-Cart-Token': token })
      .send({ sku, quantity: 1 });
    expect(added.status).toBe(200);
    return { token, lineId: added.body.lines[0].id as string, version: added.body.version as number };
  }

  /** What the spec and decisions.md make of the case: the status, and the problem's code. */
  function expected({ route, encoded }: Case): [number, string | undefined] {
    if (!route.hasBody) return [201, undefined];
    const readable = encoded.contentType === 'application/json' && encoded.body === 'fields';
    return readable ? [200, undefined] : [400, 'INVALID_BODY'];
  }

  async function send({ route, encoded }: Case, cart: { token: string; lineId: string }): Promise<RawAnswer> {
    const path = route.template.replace('{id}', cart.lineId);
    return server.send(route.method.toUpperCase(), path, { ...key(), 'X-Cart-Token': cart.token }, encoded);
  }

  /** What is wrong with the answer to the case: nothing when it is the expected one, documented, no-store. */
  function problemsOf(c: Case, res: RawAnswer): string[] {
    const path = c.route.template.replace('{id}', 'line');
    const what = `${c.route.method.toUpperCase()} ${c.route.template} ${c.encoded.type} ${c.encoded.body} -> ${res.status} ${res.text.slice(0, 200)}`;
    const problems = conforms(
      c.route.method,
      path,
      res.status,
      res.headers.get('content-type') ?? undefined,
      res.json,
    ).map((p) => `${p}: ${what}`);
    const code = (res.json as { code?: string } | undefined)?.code;
    if (JSON.stringify([res.status, code]) !== JSON.stringify(expected(c)))
      problems.push(`expected ${expected(c).join(' ')}: ${what}`);
    if (res.status >= 400 && res.headers.get('cache-control') !== 'no-store')
      problems.push(`error not no-store: ${what}`);
    return problems;
  }

  const cases = (): Case[] =>
    routes.flatMap((route) => bodyMatrix(fields[route.template] ?? {}).map((encoded) => ({ route, encoded })));

  it('covers create, add line, change line and change market, each with every content type and body', () => {
    expect(routes.map((route) => `${route.method} ${route.template}`).sort()).toEqual([
      'patch /v1/cart/lines/{id}',
      'post /v1/cart',
      'post /v1/cart/lines',
      'post /v1/cart/market',
    ]);
    // A new route that takes a body needs its valid fields above.
    expect(routes.filter((route) => route.hasBody && fields[route.template] === undefined)).toEqual([]);
    expect(cases().length).toBe(4 * 9 * 5);
  });

  it('refuses every body it cannot read with 400 INVALID_BODY, never a 5xx, and leaves the cart as it was', async () => {
    const cart = await cartWithLine();
    const refused = cases().filter((c) => expected(c)[0] !== 200);
    const problems: string[] = [];
    for (let i = 0; i < refused.length; i += 20) {
      const batch = refused.slice(i, i + 20);
      const answers = await Promise.all(batch.map((c) => send(c, cart)));
      problems.push(...batch.flatMap((c, n) => problemsOf(c, answers[n] as RawAnswer)));
    }
    expect(problems).toEqual([]);
    const after = await request(app)
      .get('/v1/cart')
      .set({ ...key(), 'X-Cart-Token': cart.token });
    expect([after.body.version, after.body.lines]).toEqual([
      cart.version,
      [expect.objectContaining({ id: cart.lineId, sku, quantity: 1 })],
    ]);
  }, 60_000);

  it('reads the fields sent as application/json (the control: the same fields, the one type it reads)', async () => {
    const cart = await cartWithLine();
    const problems: string[] = [];
    // One at a time: each changes the cart the next one reads.
    for (const c of cases().filter((k) => expected(k)[0] === 200)) problems.push(...problemsOf(c, await send(c, cart)));
    expect(problems).toEqual([]);
    const after = await request(app)
      .get('/v1/cart')
      .set({ ...key(), 'X-Cart-Token': cart.token });
    expect([after.body.market, after.body.version]).toEqual(['m2', cart.version + 3]);
  });
});
