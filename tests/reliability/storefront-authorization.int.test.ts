import request, { type Response } from 'supertest';
import type { RequestListener } from 'node:http';
import { sellableSkus } from '../support/cart-fixture';
import { createStorefrontTestApp } from '../support/storefront-api';
import { storefrontConformance, type StorefrontConformance } from '../support/storefront-openapi';
import { documentedOperations } from '../support/route-inventory';
import { createTestDb, type TestDb } from '../support/test-db';
import { createTestRedis, type TestRedis } from '../support/test-redis';
import { twoTenantStorefront, type OnlyInShopA } from '../support/two-tenant-storefront';
import type { IndexedShop } from '../support/storefront-fixture';

// Proves the storefront's authorization matrix (spec "Authentication", "Errors") for every operation of the served
// OpenAPI document, with the same requests for each caller:
// - no key: 401 SITE_KEY_MISSING; an unknown key: 401 SITE_KEY_INVALID;
// - a secret key from a browser: 403 SECRET_KEY_FROM_BROWSER, with no CORS headers;
// - another tenant's publishable key: 404 for every product, variant, SKU, collection, brand and facet of tenant A
//   (by id and by slug), 410 CART_EXPIRED for tenant A's cart, and otherwise its own shop's answer;
// - tenant A's publishable, preview and secret keys: the documented success;
// and no refused request changed tenant A's cart. CORS: an origin that is not one of the key's site (unknown, a
// look-alike, or another tenant's shop) gets no CORS headers on any operation, nor on a preflight.

type Principal = 'noKey' | 'unknownKey' | 'secretFromBrowser' | 'otherTenant' | 'publishable' | 'preview' | 'secret';
type Method = 'get' | 'post' | 'patch' | 'delete';
type Cart = { token: string; line: string };
type Case = { paths: (a: OnlyInShopA, cart: Cart) => string[]; body?: (sku: string) => object };
type Operation = { parameters?: { in: string; name: string }[]; responses?: Record<string, unknown> };

const CASES: Record<string, Case> = {
  'get /v1/site': { paths: () => ['/v1/site'] },
  'get /v1/products': { paths: () => ['/v1/products?pageSize=1'] },
  'get /v1/search/suggest': { paths: () => ['/v1/search/suggest?q=a'] },
  'get /v1/products/facets/{key}': { paths: (a) => [`/v1/products/facets/${a.facet}?q=a`] },
  'get /v1/products/{slugOrId}': { paths: (a) => [`/v1/products/${a.product.id}`, `/v1/products/${a.product.slug}`] },
  'get /v1/products/by-sku/{sku}': { paths: (a) => [`/v1/products/by-sku/${encodeURIComponent(a.product.sku)}`] },
  'get /v1/products/{slugOrId}/variants': {
    paths: (a) => [`/v1/products/${a.product.id}/variants`, `/v1/products/${a.product.slug}/variants`],
  },
  'get /v1/collections': { paths: () => ['/v1/collections'] },
  'get /v1/collections/{slugOrId}': {
    paths: (a) => [`/v1/collections/${a.collection.id}`, `/v1/collections/${a.collection.slug}`],
  },
  'get /v1/categories': { paths: () => ['/v1/categories'] },
  'get /v1/sitemap': { paths: () => ['/v1/sitemap?type=product'] },
  'get /v1/brands': { paths: () => ['/v1/brands'] },
  'get /v1/brands/{slugOrId}': { paths: (a) => [`/v1/brands/${a.brand.id}`, `/v1/brands/${a.brand.slug}`] },
  'post /v1/cart': { paths: () => ['/v1/cart'] },
  'get /v1/cart': { paths: () => ['/v1/cart'] },
  'post /v1/cart/lines': { paths: () => ['/v1/cart/lines'], body: (sku) => ({ sku, quantity: 1 }) },
  'patch /v1/cart/lines/{id}': { paths: (_a, cart) => [`/v1/cart/lines/${cart.line}`], body: () => ({ quantity: 2 }) },
  'delete /v1/cart/lines/{id}': { paths: (_a, cart) => [`/v1/cart/lines/${cart.line}`] },
  'post /v1/cart/market': { paths: () => ['/v1/cart/market'], body: () => ({ market: 'm2' }) },
};

const REFUSALS: Record<string, [number, string]> = {
  noKey: [401, 'SITE_KEY_MISSING'],
  unknownKey: [401, 'SITE_KEY_INVALID'],
  secretFromBrowser: [403, 'SECRET_KEY_FROM_BROWSER'],
};

describe('authorization matrix of the storefront API', () => {
  let t: TestDb;
  let r: TestRedis;
  let a: IndexedShop;
  let b: IndexedShop;
  let onlyInA: OnlyInShopA;
  let cleanup: () => Promise<void>;
  let app: RequestListener;
  let doc: StorefrontConformance;
  let sku: string;
  const carts = new Map<Principal, Cart>();
  const operations = () =>
    documentedOperations<Operation>(doc.document as { paths: Record<string, Record<string, Operation>> }).map((o) => ({
      ...o,
      method: o.method as Method,
      case: CASES[o.key],
    }));
  const takesCart = (op: Operation) =>
    (op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'X-Cart-Token');

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    ({ a, b, onlyInA, cleanup } = await twoTenantStorefront(t.db));
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: a.engine.engine }));
    doc = await storefrontConformance(app);
    sku = (await sellableSkus(app, a.keys.secret, 1))[0]?.sku ?? '';
  }, 180_000);
  afterAll(async () => {
    // Optional calls: a failed setup leaves some of these unset, and the rest must still be released.
    await cleanup?.();
    await r?.cleanup();
    await t?.drop();
  });

  const headersOf = (principal: Principal): Record<string, string> =>
    ({
      noKey: {},
      unknownKey: { 'X-Site-Key': 'sfk_pub_unknownunknownunknown' },
      secretFromBrowser: {
        'X-Site-Key': a.keys.secret,
        Origin: 'https://m1.a-shop.example',
        'Sec-Fetch-Site': 'cross-site',
      },
      otherTenant: { 'X-Site-Key': b.keys.publishable },
      publishable: { 'X-Site-Key': a.keys.publishable },
      preview: { 'X-Site-Key': a.keys.preview },
      secret: { 'X-Site-Key': a.keys.secret },
    })[principal];

  /** A fresh cart of tenant A with one line, made server-side: each caller's cart ops start from the same state. */
  async function cartOf(principal: Principal): Promise<Cart> {
    const token = (await request(app).post('/v1/cart').set('X-Site-Key', a.keys.secret)).headers[
      'x-cart-token'
    ] as string;
    const added = await request(app)
      .post('/v1/cart/lines')
      .set({ 'X-Site-Key': a.keys.secret, 'X-Cart-Token': token })
      .send({ sku, quantity: 1 });
    const cart = { token, line: added.body.lines[0].id as string };
    carts.set(principal, cart);
    return cart;
  }

  function expected(principal: Principal, template: string, op: Operation): [number, string | undefined] {
    const refusal = REFUSALS[principal];
    if (refusal !== undefined) return refusal;
    const success = Number(Object.keys(op.responses ?? {}).find((s) => s.startsWith('2')));
    if (principal !== 'otherTenant') return [success, undefined];
    if (takesCart(op)) return [410, 'CART_EXPIRED'];
    return template.includes('{') ? [404, undefined] : [success, undefined];
  }

  async function send(method: Method, path: string, headers: Record<string, string>, body?: object): Promise<Response> {
    const req = request(app)[method](path).set(headers);
    return body === undefined ? req : req.send(body);
  }

  /** Every operation's requests as `principal`: the cells that differ from the matrix, or answer outside the document. */
  async function mismatches(principal: Principal): Promise<string[]> {
    const cart = await cartOf(principal);
    const wrong: string[] = [];
    for (const { method, template, key, op, case: c } of operations()) {
      if (c === undefined) continue;
      const [status, code] = expected(principal, template, op);
      const headers = { ...headersOf(principal), ...(takesCart(op) ? { 'X-Cart-Token': cart.token } : {}) };
      for (const path of c.paths(onlyInA, cart)) {
        const res = await send(method, path, headers, c.body?.(sku));
        const problems = doc.problemsOf(method, path, res);
        if (res.status !== status || (code !== undefined && res.body.code !== code) || problems.length > 0) {
          wrong.push(
            `${principal} ${key} ${path}: want ${status} ${code ?? ''}, got ${res.status} ${JSON.stringify(res.body).slice(0, 160)} ${problems.join('; ')}`,
          );
        }
      }
    }
    return wrong;
  }

  it('has a row for every operation of the OpenAPI document', () => {
    const keys = operations().map((o) => o.key);
    expect(keys.filter((k) => CASES[k] === undefined)).toEqual([]);
    expect(Object.keys(CASES).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it.each<Principal>(['noKey', 'unknownKey', 'secretFromBrowser', 'otherTenant'])(
    'refuses %s as the matrix says, on every operation',
    async (principal) => {
      expect(await mismatches(principal)).toEqual([]);
      // The refused cart operations left tenant A's cart as it was made: version 2, its one line.
      const cart = carts.get(principal);
      const now = await request(app)
        .get('/v1/cart')
        .set({ 'X-Site-Key': a.keys.secret, 'X-Cart-Token': cart?.token ?? '' });
      expect([
        now.body.version,
        now.body.lines.map((l: { id: string; quantity: number }) => [l.id, l.quantity]),
      ]).toEqual([2, [[cart?.line, 1]]]);
    },
  );

  it.each<Principal>(['publishable', 'preview', 'secret'])(
    "answers tenant A's %s key the documented success on every operation",
    async (principal) => {
      expect(await mismatches(principal)).toEqual([]);
    },
  );

  it('gives a secret key used from a browser no CORS headers', async () => {
    const res = await request(app).get('/v1/site').set(headersOf('secretFromBrowser'));
    expect([res.status, res.headers['access-control-allow-origin']]).toEqual([403, undefined]);
  });

  describe('CORS', () => {
    const corsHeaders = (res: Response) =>
      Object.keys(res.headers).filter((name) => name.startsWith('access-control-'));
    // Not an origin of any shop: unknown, a look-alike host, another scheme, the opaque `null`.
    const UNKNOWN = [
      'https://evil.example',
      'null',
      'https://m1.a-shop.example.evil.example',
      'http://m1.a-shop.example',
    ];
    const OWN = ['https://m1.a-shop.example', 'https://m2.a-shop.example', 'http://localhost:5173'];

    /** Every operation's request with tenant A's publishable key from `origin`: the CORS headers each answer carried. */
    async function corsOnEveryOperation(origin: string): Promise<[string, string[]][]> {
      const cart = await cartOf('publishable');
      const out: [string, string[]][] = [];
      for (const { method, op, case: c } of operations()) {
        const headers = {
          'X-Site-Key': a.keys.publishable,
          Origin: origin,
          ...(takesCart(op) ? { 'X-Cart-Token': cart.token } : {}),
        };
        for (const path of c?.paths(onlyInA, cart) ?? [])
          out.push([`${method} ${path}`, corsHeaders(await send(method, path, headers, c?.body?.(sku)))]);
      }
      return out;
    }
    const preflight = (path: string, origin: string) =>
      request(app)
        .options(path.split('?')[0] ?? path)
        .set({
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-site-key',
        });
    const allPaths = () => operations().flatMap(({ case: c }) => c?.paths(onlyInA, { token: 't', line: 'l1' }) ?? []);

    it.each([...UNKNOWN, 'https://m1.b-shop.example'])(
      'gives Origin %s no CORS headers on any operation',
      async (origin) => {
        expect((await corsOnEveryOperation(origin)).filter(([, headers]) => headers.length > 0)).toEqual([]);
      },
    );

    it.each(UNKNOWN)('answers a preflight from %s on every path without CORS headers', async (origin) => {
      for (const path of allPaths()) expect([path, corsHeaders(await preflight(path, origin))]).toEqual([path, []]);
    });

    // A preflight carries no key, so any published shop's origin passes it; the real request then gets no CORS
    // headers (above), so a browser on another tenant's shop never reads tenant A's answer.
    it("lets another shop's origin through the keyless preflight only", async () => {
      expect((await preflight('/v1/site', 'https://m1.b-shop.example')).headers['access-control-allow-origin']).toBe(
        'https://m1.b-shop.example',
      );
    });

    it.each(OWN)(
      "gives the shop's own origin %s CORS headers, real and preflight (the checks above can see them)",
      async (origin) => {
        expect(
          (await corsOnEveryOperation(origin)).filter(
            ([, headers]) => !headers.includes('access-control-allow-origin'),
          ),
        ).toEqual([]);
        expect((await preflight('/v1/products', origin)).headers['access-control-allow-origin']).toBe(origin);
      },
    );
  });
});
