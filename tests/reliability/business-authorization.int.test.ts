import request from 'supertest';
import type { Permission } from '../../shared/auth/scopes';
import { PERMISSIONS } from '../../shared/auth/scopes';
import { startBusinessApi, type BusinessApiHarness } from '../support/business-api';
import { marketBodyOn } from '../support/storefront-admin-fixture';
import { createTestEngine, type EmbeddedTestEngine } from '../support/storefront-fixture';
import { SEED_TIMEOUT_MS } from '../support/business-data';
import { documentedOperations } from '../support/route-inventory';
import { tenantFingerprint } from '../support/tenant-fingerprint';
import { twoTenantBusiness, type OnlyInA } from '../support/two-tenant-business';

// Proves the business API's authorization matrix (spec "Authentication" 2 and 6-8, Endpoint rules 3, 7, 10 and 13),
// for every operation of the OpenAPI document, with one and the same request per operation:
// - no token: 401 unauthorized;
// - a token of another tenant: 404 not_found for every id of tenant A, and otherwise only its own data;
// - a read-only token: 403 forbidden on every write but the invoice-line search;
// - a token lacking the permission an operation needs: 403;
// - the owner: the documented success, so each refusal above is authorization's doing, not a bad request;
// and none of the refused requests changed a row of tenant A. No Origin gets CORS headers: the REST API serves
// servers (tokens come from app passwords), so no browser origin is allowed, preflights included.

type Principal = 'anonymous' | 'readOnly' | 'otherTenant' | 'lacking' | 'owner';
type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
/**
 * One request per operation, valid for tenant A's owner; `needs` is the permission it requires, `otherTenant` what B
 * gets when no id is involved, `owner` what the owner gets when it is not the documented success (a 409 for an
 * action the state does not allow: authorization let it through).
 */
type Case = {
  path: (a: OnlyInA) => string;
  query?: Record<string, string>;
  body?: (a: OnlyInA) => object;
  needs?: Permission;
  otherTenant?: number;
  owner?: number;
};

const LINE = { productNumber: 'MX-1', description: 'Matrix line', quantity: 2, price: 10, vatRate: 25 };
// Storefront admin: each entity route changes one of two seeded entities and removes the other (seedAdminDraft).
const ON_SITE = (a: OnlyInA, rest: string) => `/storefront/sites/${a.site}${rest}`;
// A slug of its own each time: two collections may not share one in a language.
let collections = 0;
const COLLECTION = () => ({ slugs: { en: `matrix-${++collections}` }, names: { en: 'Matrix' }, filter: { all: [] } });
const CASES: Record<string, Case> = {
  'get /products/find': { path: () => '/products/find', query: { q: 'a' } },
  'get /warehouse-stock': { path: () => '/warehouse-stock' },
  'get /vendor-prices': { path: () => '/vendor-prices', query: { productId: '1' } },
  'get /customers': { path: () => '/customers' },
  'get /customers/{customerId}': { path: (a) => `/customers/${a.customer}` },
  'get /sales-invoices': { path: () => '/sales-invoices' },
  'post /sales-invoice-lines': { path: () => '/sales-invoice-lines', body: () => ({}) },
  'get /open-order-lines': { path: () => '/open-order-lines' },
  'get /purchase-orders': { path: () => '/purchase-orders' },
  'get /time-report-lines': { path: () => '/time-report-lines' },
  'get /tenant-settings/company-profile': { path: () => '/tenant-settings/company-profile' },
  // B changes its own profile: the fingerprint check below shows A's stays as it was.
  'patch /tenant-settings/company-profile': {
    path: () => '/tenant-settings/company-profile',
    body: () => ({ city: 'Matrixville' }),
    needs: 'onboarding_company',
  },
  'get /tenant-settings/vat-configuration': { path: () => '/tenant-settings/vat-configuration' },
  'get /sales-orders': { path: () => '/sales-orders' },
  // B does not know A's customer: an unknown company is 400 invalid_request (rule 4), and nothing is created.
  'post /sales-orders': {
    path: () => '/sales-orders',
    body: (a) => ({ customerId: a.customer, lines: [LINE] }),
    needs: 'quantity',
    otherTenant: 400,
  },
  'get /sales-orders/{id}': { path: (a) => `/sales-orders/${a.order}` },
  'patch /sales-orders/{id}': { path: (a) => `/sales-orders/${a.order}`, body: () => ({ yourReference: 'matrix' }) },
  'get /sales-orders/{id}/contact': { path: (a) => `/sales-orders/${a.order}/contact` },
  'get /sales-orders/{id}/fulfilment': { path: (a) => `/sales-orders/${a.order}/fulfilment` },
  'get /sales-orders/{id}/payment': { path: (a) => `/sales-orders/${a.order}/payment`, needs: 'payment_manage' },
  'get /sales-orders/{id}/lines': { path: (a) => `/sales-orders/${a.order}/lines` },
  'post /sales-orders/{id}/lines': {
    path: (a) => `/sales-orders/${a.order}/lines`,
    body: () => LINE,
    needs: 'quantity',
  },
  'patch /sales-orders/{id}/lines/{lineId}': {
    path: (a) => `/sales-orders/${a.order}/lines/${a.line}`,
    body: () => ({ quantity: 3 }),
    needs: 'quantity',
  },
  'delete /sales-orders/{id}/lines/{lineId}': {
    path: (a) => `/sales-orders/${a.order}/lines/${a.spareLine}`,
    needs: 'quantity',
  },
  'get /purchase-invoice-matches/{invoiceId}': { path: (a) => `/purchase-invoice-matches/${a.draft.id}` },
  'post /purchase-invoice-matches/{invoiceId}/confirm': {
    path: (a) => `/purchase-invoice-matches/${a.draft.id}/confirm`,
    body: (a) => ({
      matches: [{ invoiceLineIndex: 0, orderItemId: a.draft.orderItem, invTransactionId: a.draft.receipt }],
    }),
  },
  'post /purchase-invoice-matches/{invoiceId}/match-whole-order': {
    path: (a) => `/purchase-invoice-matches/${a.wholeOrderDraft.id}/match-whole-order`,
    body: (a) => ({ orderId: a.wholeOrderDraft.orderId }),
  },
  'get /storefront/sites/{siteId}/search-analytics/{report}': {
    path: (a) => `/storefront/sites/${a.site}/search-analytics/top-queries`,
  },
  'get /storefront/sites': { path: () => '/storefront/sites' },
  // B creates a site of its own: the fingerprint check below shows A's rows stay as they were.
  'post /storefront/sites': {
    path: () => '/storefront/sites',
    body: () => ({ code: 'matrix-site', name: 'Matrix', ecomSiteId: 1 }),
  },
  'get /storefront/sites/{siteId}': { path: (a) => ON_SITE(a, '') },
  'put /storefront/sites/{siteId}': {
    path: (a) => ON_SITE(a, ''),
    body: () => ({ code: 'only-in-a', name: 'Only in A, renamed', ecomSiteId: 1 }),
  },
  'delete /storefront/sites/{siteId}': { path: (a) => `/storefront/sites/${a.spareSite}` },
  'put /storefront/sites/{siteId}/markets/{code}': {
    path: (a) => ON_SITE(a, '/markets/se'),
    body: (a) => marketBodyOn(a.priceList, true),
  },
  'delete /storefront/sites/{siteId}/markets/{code}': { path: (a) => ON_SITE(a, '/markets/spare') },
  'put /storefront/sites/{siteId}/facets/{key}': {
    path: (a) => ON_SITE(a, '/facets/brand'),
    body: () => ({ source: { kind: 'brand' }, type: 'list', size: 50 }),
  },
  'delete /storefront/sites/{siteId}/facets/{key}': { path: (a) => ON_SITE(a, '/facets/spare') },
  'post /storefront/sites/{siteId}/collections': { path: (a) => ON_SITE(a, '/collections'), body: COLLECTION },
  'put /storefront/sites/{siteId}/collections/{collectionId}': {
    path: (a) => ON_SITE(a, '/collections/1'),
    body: COLLECTION,
  },
  'delete /storefront/sites/{siteId}/collections/{collectionId}': { path: (a) => ON_SITE(a, '/collections/2') },
  'post /storefront/sites/{siteId}/query-rules': {
    path: (a) => ON_SITE(a, '/query-rules'),
    body: () => ({ query: 'matrix', hide: ['7'] }),
  },
  'put /storefront/sites/{siteId}/query-rules/{ruleId}': {
    path: (a) => ON_SITE(a, '/query-rules/1'),
    body: () => ({ query: 'rule 1', hide: ['8'] }),
  },
  'delete /storefront/sites/{siteId}/query-rules/{ruleId}': { path: (a) => ON_SITE(a, '/query-rules/2') },
  'get /storefront/sites/{siteId}/synonyms/{language}': { path: (a) => ON_SITE(a, '/synonyms/en') },
  'put /storefront/sites/{siteId}/synonyms/{language}': {
    path: (a) => ON_SITE(a, '/synonyms/en'),
    body: () => ({ entries: [{ terms: ['sneaker', 'trainer'] }] }),
  },
  'get /storefront/sites/{siteId}/content': { path: (a) => ON_SITE(a, '/content') },
  'put /storefront/sites/{siteId}/content': {
    path: (a) => ON_SITE(a, '/content'),
    body: () => ({ attributes: [{ key: 'fabric', attribute: 'material' }] }),
  },
  'get /storefront/sites/{siteId}/merchandised-products': { path: (a) => ON_SITE(a, '/merchandised-products') },
  'get /storefront/sites/{siteId}/merchandisable-products': {
    path: (a) => ON_SITE(a, '/merchandisable-products'),
    query: { q: 'a' },
  },
  'get /storefront/sites/{siteId}/keys': { path: (a) => ON_SITE(a, '/keys') },
  'post /storefront/sites/{siteId}/keys': {
    path: (a) => ON_SITE(a, '/keys'),
    body: () => ({ kind: 'publishable', label: 'matrix' }),
  },
  'delete /storefront/sites/{siteId}/keys/{keyId}': { path: (a) => ON_SITE(a, `/keys/${a.siteKey}`) },
  'get /storefront/sites/{siteId}/draft-diff': { path: (a) => ON_SITE(a, '/draft-diff') },
  'post /storefront/sites/{siteId}/publish': { path: (a) => ON_SITE(a, '/publish'), body: () => ({ note: 'matrix' }) },
  'get /storefront/sites/{siteId}/versions': { path: (a) => ON_SITE(a, '/versions') },
  'post /storefront/sites/{siteId}/reindex': { path: (a) => ON_SITE(a, '/reindex'), body: () => ({ mode: 'full' }) },
  // No run is gated and no index was live before: the owner's confirm and rollback are refused by the state.
  'post /storefront/sites/{siteId}/runs/confirm-gated': { path: (a) => ON_SITE(a, '/runs/confirm-gated'), owner: 409 },
  'post /storefront/sites/{siteId}/rollback': { path: (a) => ON_SITE(a, '/rollback'), owner: 409 },
  'get /storefront/sites/{siteId}/runs': { path: (a) => ON_SITE(a, '/runs') },
  'get /storefront/sites/{siteId}/search-preview': {
    path: (a) => ON_SITE(a, '/search-preview'),
    query: { queries: 'matrix' },
  },
};

/** The code a refusal carries (the company profile answers its 403 as `{error}`, spec rule 2). */
const CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
};

describe('authorization matrix of the business API', () => {
  let h: BusinessApiHarness;
  let a: OnlyInA;
  let tokens: Record<Exclude<Principal, 'anonymous' | 'lacking'>, string>;
  let beforeRefusals: Record<string, string>;
  let tenantA: number;
  let tenantB: number;
  let engine: EmbeddedTestEngine | undefined;
  const operations = () =>
    documentedOperations(h.document).map((o) => ({ ...o, method: o.method as Method, case: CASES[o.key] }));

  beforeAll(async () => {
    // The search preview reads an (empty) embedded index; confirm and rollback ask it for the live alias.
    h = await startBusinessApi({ engine: async () => engine!.engine });
    engine = await createTestEngine(h.t.db);
    const world = await twoTenantBusiness(h.t.db, { a: 61, b: 62 });
    ({ tenantA, tenantB, onlyInA: a } = world);
    tokens = {
      owner: await h.token(tenantA),
      readOnly: await h.token(tenantA, { access: 'read-only' }),
      otherTenant: await h.token(tenantB),
    };
    beforeRefusals = await tenantFingerprint(h.t.db, tenantA);
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await h.close();
    await engine?.cleanup();
  });

  /** The status the matrix expects, derived from the document: the owner's success, and the rules above. */
  function expected(principal: Principal, method: Method, template: string, c: Case): number | undefined {
    const success = Number(
      Object.keys(h.document.paths[template]?.[method]?.responses ?? {}).find((s) => s.startsWith('2')),
    );
    if (principal === 'anonymous') return 401;
    if (principal === 'readOnly')
      return method === 'get' || `${method} ${template}` === 'post /sales-invoice-lines' ? success : 403;
    if (principal === 'otherTenant') return template.includes('{') ? 404 : (c.otherTenant ?? success);
    if (principal === 'lacking') return c.needs === undefined ? undefined : 403;
    return c.owner ?? success;
  }

  async function tokenOf(principal: Principal, c: Case): Promise<string | undefined> {
    if (principal === 'anonymous') return undefined;
    if (principal === 'lacking') return h.token(tenantA, { permissions: PERMISSIONS.filter((p) => p !== c.needs) });
    return tokens[principal];
  }

  /** Sends every operation's request as `principal`; returns the cells that differ from the matrix (status and code). */
  async function mismatches(principal: Principal): Promise<string[]> {
    const wrong: string[] = [];
    for (const { method, template, key, case: c } of operations()) {
      if (c === undefined) continue;
      const want = expected(principal, method, template, c);
      if (want === undefined) continue;
      // h.call fails the test when the answer is not in the document's format for its status.
      const res = await h.call(method, c.path(a), {
        token: await tokenOf(principal, c),
        query: c.query,
        body: c.body?.(a),
      });
      const code =
        template === '/tenant-settings/company-profile' && res.status === 403 ? undefined : CODES[res.status];
      if (res.status !== want || (code !== undefined && res.body.code !== code))
        wrong.push(`${principal} ${key}: want ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    return wrong;
  }

  it('has a row for every operation of the OpenAPI document', () => {
    const keys = documentedOperations(h.document).map((o) => o.key);
    expect(keys.filter((k) => CASES[k] === undefined)).toEqual([]);
    expect(Object.keys(CASES).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('tenant B has none of the ids the matrix asks for', async () => {
    for (const [table, id] of [
      ['customers', a.customer],
      ['orders', a.order],
      ['purchase_invoice_drafts', a.draft.id],
      ['purchase_invoice_drafts', a.wholeOrderDraft.id],
      ['storefront_sites', a.site],
      ['storefront_sites', a.spareSite],
      ['storefront_keys', a.siteKey],
    ] as const) {
      expect([table, await h.t.db(table).where({ tenant_id: tenantB, id }).first('id')]).toEqual([table, undefined]);
    }
  });

  it.each<Principal>(['anonymous', 'readOnly', 'otherTenant', 'lacking'])(
    'refuses %s as the matrix says, on every operation',
    async (principal) => {
      expect(await mismatches(principal)).toEqual([]);
    },
  );

  it("changed none of tenant A's rows by any refused request", async () => {
    expect(await tenantFingerprint(h.t.db, tenantA)).toEqual(beforeRefusals);
  });

  it('answers the owner the documented success on every operation', async () => {
    expect(await mismatches('owner')).toEqual([]);
  });

  describe('CORS: no origin is allowed', () => {
    const ORIGINS = ['https://evil.example', 'null', 'https://m1.shop.example', 'http://localhost:5173'];
    const corsHeaders = (headers: Record<string, string>) =>
      Object.keys(headers).filter((name) => name.startsWith('access-control-'));

    it.each(ORIGINS)('gives Origin %s no CORS headers on any operation, preflight included', async (origin) => {
      for (const { method, key, case: c } of operations()) {
        if (c === undefined) continue;
        const real = await h.call(method, c.path(a), {
          token: tokens.readOnly,
          query: c.query,
          body: c.body?.(a),
          headers: { Origin: origin },
        });
        const preflight = await request(h.app)
          .options(`/api/v1${c.path(a)}`)
          .set({
            Origin: origin,
            'Access-Control-Request-Method': method.toUpperCase(),
            'Access-Control-Request-Headers': 'authorization, content-type',
          });
        expect([key, corsHeaders(real.headers), corsHeaders(preflight.headers), preflight.status < 500]).toEqual([
          key,
          [],
          [],
          true,
        ]);
      }
    });
  });
});
