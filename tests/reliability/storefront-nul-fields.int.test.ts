import { Registry } from 'prom-client';
import request from 'supertest';
import type { StorefrontApp } from '../../services/storefront-api/app';
import { createLogger } from '../../shared/logger';
import { DEFAULT_ANALYTICS, SearchAnalytics } from '../../shared/search-analytics/search-analytics';
import { conformanceShop, type ConformanceShop } from '../support/conformance-shop';
import { minimalValue, stringFieldPaths, valueWith, type JsonSchema } from '../support/request-fields';
import { documentedOperations, type HttpMethod } from '../support/route-inventory';

// Proves: a NUL (U+0000) in any query parameter or any string member of any request body of the storefront is a
// 4xx problem+json the document lists for that route, never a 5xx; the cart does not change, and no search is
// recorded that the analytics store cannot hold (one would make every later flush fail). Parameters and members
// are read from the served OpenAPI document (facet filters from the site's facets), so a new one is covered.

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type Case = { method: HttpMethod; path: string; field: string; query: [string, string][]; body?: unknown };

const NUL = 'a\u0000b';
// Spec "Listing rules": free text, and parameters that never fail the page (an unknown sort, collection or filter
// value is a 200 with a warning, or matches nothing). Every other parameter and member must refuse a NUL.
const LENIENT = new Set(['q', 'sort', 'collection', 'filter']);

describe('a NUL in any storefront query parameter or body member', () => {
  let c: ConformanceShop;
  let app: StorefrontApp;
  let analytics: SearchAnalytics;
  let cart: { token: string; version: number };
  let pathValues: Record<string, string>;
  let facets: string[];

  beforeAll(async () => {
    c = await conformanceShop('nul-fields', 29, 30);
    analytics = new SearchAnalytics(
      { db: c.t.db, logger: createLogger({ name: 'test', level: 'silent' }), metrics: new Registry() },
      DEFAULT_ANALYTICS,
    );
    app = await c.appWith({ recordSearch: analytics.record });
    const key = { 'X-Site-Key': c.shop.keys.secret };
    const token = (await request(app).post('/v1/cart').set(key)).headers['x-cart-token'] as string;
    const added = await request(app)
      .post('/v1/cart/lines')
      .set({ ...key, 'X-Cart-Token': token })
      .send({ sku: 'CASC-1-Blue-M', quantity: 1 });
    expect(added.status).toBe(200);
    cart = { token, version: added.body.version as number };
    facets = ((await request(app).get('/v1/products?pageSize=1').set(key)).body.facets as { key: string }[]).map(
      (f) => f.key,
    );
    pathValues = {
      slugOrId: String(c.made.cascade),
      sku: 'CASC-1-Blue-M',
      key: 'brand',
      id: added.body.lines[0].id as string,
    };
  }, 120_000);
  afterAll(() => c.cleanup());

  const operations = () =>
    documentedOperations<Operation>(c.doc.document as unknown as { paths: Record<string, Record<string, Operation>> });
  const concrete = (template: string) =>
    template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? '1'));
  // The collection and brand routes share `{slugOrId}` with products: each gets a value that resolves.
  const pathOf = (template: string) =>
    concrete(
      template
        .replace('/collections/{slugOrId}', '/collections/everything')
        .replace('/brands/{slugOrId}', `/brands/${c.brand.slug}`),
    );
  /** A query parameter's names on the wire: `filter` is one per facet of the site. */
  const wireNames = (p: Parameter) => (p.name === 'filter' ? facets.map((f) => `filter[${f}]`) : [p.name]);

  function queryCases(): Case[] {
    return operations().flatMap(({ method, template, op }) => {
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      const required = query
        .filter((p) => p.required)
        .map((p): [string, string] => [p.name, String(minimalValue(c.doc.document, p.schema ?? {}))]);
      const body = op.requestBody?.content?.['application/json']?.schema;
      return query.flatMap(wireNames).map((name) => ({
        method,
        path: pathOf(template),
        field: name,
        query: [...required.filter(([n]) => n !== name), [name, NUL]],
        body: body && minimalValue(c.doc.document, body),
      }));
    });
  }

  function bodyCases(): Case[] {
    return operations().flatMap(({ method, template, op }) => {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if (schema === undefined) return [];
      return stringFieldPaths(c.doc.document, schema).map((path) => ({
        method,
        path: pathOf(template),
        field: path.join('.'),
        query: [],
        body: valueWith(c.doc.document, schema, path, NUL),
      }));
    });
  }

  /** Sends the case; returns what is wrong with the answer (nothing when it is one the spec allows). */
  async function problemsOf({ method, path, field, query, body }: Case): Promise<string[]> {
    const url = `${path}?${new URLSearchParams(query).toString()}`;
    let req = request(app)[method](url).set({ 'X-Site-Key': c.shop.keys.secret, 'X-Cart-Token': cart.token });
    if (body !== undefined) req = req.send(body as object);
    const res = await req;
    const what = `${method.toUpperCase()} ${path} ${field} -> ${res.status} ${res.text.slice(0, 200)}`;
    const problems = c.doc.problemsOf(method, url, res).map((p) => `${p}: ${what}`);
    if (res.status >= 500) problems.push(`server fault: ${what}`);
    if (res.status < 400 && !LENIENT.has(field.replace(/\[.*$/, ''))) problems.push(`accepted: ${what}`);
    return problems;
  }

  it('covers every query parameter (each facet filter) and every string body member the document lists', () => {
    expect(queryCases().length).toBeGreaterThanOrEqual(40);
    expect(bodyCases().map((k) => `${k.path} ${k.field}`)).toEqual(
      expect.arrayContaining(['/v1/cart/lines sku', '/v1/cart/market market']),
    );
  });

  it('answers each with a documented 4xx (200 only where the spec lets the value through), and keeps the cart', async () => {
    const cases = [...queryCases(), ...bodyCases()];
    const problems: string[] = [];
    for (let i = 0; i < cases.length; i += 10)
      problems.push(...(await Promise.all(cases.slice(i, i + 10).map(problemsOf))).flat());
    expect(problems).toEqual([]);
    const now = await request(app)
      .get('/v1/cart')
      .set({ 'X-Site-Key': c.shop.keys.secret, 'X-Cart-Token': cart.token });
    expect([now.body.version, now.body.lines.length]).toEqual([cart.version, 1]);
  }, 60_000);

  it('records no search holding a NUL, so the searches after it are still stored', async () => {
    const clean = await request(app)
      .get('/v1/products?q=cleanquery&filter[in-stock]=true')
      .set('X-Site-Key', c.shop.keys.secret);
    expect(clean.status).toBe(200);
    await analytics.flush();
    const queries = (await c.t.db('storefront_search_queries').pluck('query')) as string[];
    const filters = (await c.t.db('storefront_search_filters').pluck('filter')) as string[];
    expect([queries.includes('cleanquery'), filters.includes('in-stock=true')]).toEqual([true, true]);
    // What a NUL would leave if it were stripped rather than refused: the value sent was `a<NUL>b`.
    expect([...queries, ...filters].filter((text) => /a\s?b/.test(text))).toEqual([]);
  });
});
