import { saveSite } from '../../../../../shared/storefront-config/drafts';
import { scheduleDeltas } from '../../../../../shared/index-queue';
import { SEED_TIMEOUT_MS } from '../../../../support/business-data';
import {
  brokenFields,
  marketBodyOn,
  seedAdminDraft,
  startAdminWorld,
  type AdminWorld,
} from '../../../../support/storefront-admin-fixture';

// The storefront admin API's sites (POST/GET/PUT/DELETE /storefront/sites...), and for every configuration route:
// 401 without a token, 403 to a read-only token on writes, 404 for another tenant's site.

type Method = 'get' | 'post' | 'put' | 'delete';
type Route = [Method, string, unknown?];

const SITE_BODY = { code: 'web', name: 'Web', ecomSiteId: 1, devOrigins: ['http://localhost:5173'] };
const DEFAULT_FIELDS = {
  active: true,
  assortment: { categoryRootIds: [], excludeInactive: true },
  urlPatterns: { product: '/p/{slug}', collection: '/k/{path}' },
};
const COLLECTION = { slugs: { en: 'all' }, names: { en: 'All' }, filter: { all: [] } };

describe('storefront admin API: sites', () => {
  let w: AdminWorld;
  const call = (method: Method, path: string, body?: unknown, token = w.tokens.owner) =>
    w.h.call(method, path, { token, body });

  beforeAll(async () => {
    w = await startAdminWorld('admin-sites');
  }, SEED_TIMEOUT_MS);
  afterAll(() => w.h.close());

  it('creates a site (201 {siteId}), lists it to a read-only token and shows its draft with the defaults', async () => {
    const created = await call('post', '/storefront/sites', { ...SITE_BODY, tenantId: w.tenantB, siteId: 5 });
    expect([created.status, Object.keys(created.body)]).toEqual([201, ['siteId']]);
    const { siteId } = created.body as { siteId: number };
    const list = await call('get', '/storefront/sites', undefined, w.tokens.readOnly);
    expect(list.body.sites).toEqual([
      {
        siteId,
        code: 'web',
        name: 'Web',
        active: true,
        publishedVersion: null,
        markets: [],
        updatedAt: expect.any(String),
      },
    ]);
    const detail = await call('get', `/storefront/sites/${siteId}`, undefined, w.tokens.readOnly);
    expect(detail.body).toEqual({
      siteId,
      publishedVersion: null,
      updatedAt: list.body.sites[0].updatedAt,
      draft: {
        site: { ...SITE_BODY, ...DEFAULT_FIELDS },
        markets: [],
        facets: [],
        collections: [],
        queryRules: [],
        synonyms: {},
        content: {
          shortDescription: { property: 'shortDescription' },
          description: { property: 'description' },
          attributes: null,
        },
      },
    });
    expect((await call('get', '/storefront/sites', undefined, w.tokens.otherTenant)).body).toEqual({ sites: [] });
  });

  it('refuses a code another site of the tenant has with 400 naming $.code (creating never updates); another tenant may use it', async () => {
    await saveSite(w.h.t.db, w.tenantA, { code: 'taken', name: 'Taken', ecomSiteId: 1 });
    const res = await call('post', '/storefront/sites', { code: 'taken', name: 'Other', ecomSiteId: 2 });
    expect(brokenFields(res)).toEqual(['$.code']);
    expect(res.body.errors['$.code']).toEqual(['another site of this tenant has the code "taken"']);
    const sites = (await call('get', '/storefront/sites')).body.sites as { code: string; name: string }[];
    expect(sites.find((s) => s.code === 'taken')?.name).toBe('Taken');
    expect(
      (await call('post', '/storefront/sites', { code: 'taken', name: 'B', ecomSiteId: 1 }, w.tokens.otherTenant))
        .status,
    ).toBe(201);
  });

  it('names every broken field of a site body in one ValidationProblemDetails', async () => {
    const res = await call('post', '/storefront/sites', {
      code: 'Not A Code',
      name: ' ',
      ecomSiteId: 'one',
      devOrigins: ['https://shop.example/path'],
      urlPatterns: { product: 'p' },
    });
    expect(brokenFields(res)).toEqual([
      '$.code',
      '$.devOrigins[0]',
      '$.ecomSiteId',
      '$.name',
      '$.urlPatterns.collection',
      '$.urlPatterns.product',
    ]);
  });

  it('names what only the service can check (a category root of the tenant) at its body path', async () => {
    const res = await call('post', '/storefront/sites', {
      ...SITE_BODY,
      code: 'roots',
      assortment: { categoryRootIds: [999_999] },
    });
    expect(brokenFields(res)).toEqual(['$.assortment.categoryRootIds[0]']);
    expect(res.body.errors['$.assortment.categoryRootIds[0]']).toEqual(['category 999999 does not exist']);
  });

  it.each<[string, unknown]>([
    ['no body', undefined],
    ['a JSON array', []],
  ])('answers %s with 400 naming the body ($)', async (_name, body) => {
    expect(brokenFields(await call('post', '/storefront/sites', body))).toEqual(['$']);
  });

  it("replaces a site's fields with PUT (left-out fields take their defaults) and refuses another site's code", async () => {
    const siteId = await saveSite(w.h.t.db, w.tenantA, {
      code: 'put-me',
      name: 'Put',
      ecomSiteId: 1,
      devOrigins: ['https://a.example'],
      active: false,
    });
    const res = await call('put', `/storefront/sites/${siteId}`, { code: 'put-me-2', name: 'Renamed', ecomSiteId: 3 });
    expect([res.status, res.body]).toEqual([
      200,
      { code: 'put-me-2', name: 'Renamed', ecomSiteId: 3, devOrigins: [], ...DEFAULT_FIELDS },
    ]);
    expect((await call('get', `/storefront/sites/${siteId}`)).body.draft.site).toEqual(res.body);
    expect(
      brokenFields(await call('put', `/storefront/sites/${siteId}`, { code: 'web', name: 'Clash', ecomSiteId: 3 })),
    ).toEqual(['$.code']);
  });

  it('removes a site with DELETE (204): gone from the list, 404 after, its delta schedule removed', async () => {
    const siteId = await saveSite(w.h.t.db, w.tenantA, { code: 'doomed', name: 'Doomed', ecomSiteId: 1 });
    await scheduleDeltas(w.h.queue, siteId, 3_600_000);
    expect(await w.h.queue.getJobScheduler(`delta-${siteId}`)).toBeDefined();
    const res = await call('delete', `/storefront/sites/${siteId}`);
    expect([res.status, res.text]).toEqual([204, '']);
    expect(await w.h.queue.getJobScheduler(`delta-${siteId}`)).toBeUndefined();
    expect((await call('get', '/storefront/sites')).body.sites.map((s: { siteId: number }) => s.siteId)).not.toContain(
      siteId,
    );
    for (const method of ['get', 'delete'] as const)
      expect((await call(method, `/storefront/sites/${siteId}`)).body.code).toBe('not_found');
  });

  it('answers 400 naming siteId for an id that is not a 32-bit integer', async () => {
    for (const id of ['web', '2147483648', '1.5'])
      expect(brokenFields(await call('get', `/storefront/sites/${id}`))).toEqual(['siteId']);
  });

  describe('every configuration route', () => {
    let site: number;
    let before: unknown;
    let routes: Route[];

    beforeAll(async () => {
      site = await saveSite(w.h.t.db, w.tenantA, { code: 'matrix', name: 'Matrix', ecomSiteId: 1 });
      const { spareSite } = await seedAdminDraft(w.h.t.db, w.tenantA, site);
      const s = `/storefront/sites/${site}`;
      routes = [
        ['get', '/storefront/sites'],
        ['post', '/storefront/sites', { code: 'matrix-new', name: 'New', ecomSiteId: 1 }],
        ['get', s],
        ['put', s, { code: 'matrix', name: 'Matrix', ecomSiteId: 1 }],
        ['delete', `/storefront/sites/${spareSite}`],
        ['put', `${s}/markets/se`, marketBodyOn(w.priceList, true)],
        ['delete', `${s}/markets/spare`],
        ['put', `${s}/facets/brand`, { source: { kind: 'brand' }, type: 'list' }],
        ['delete', `${s}/facets/spare`],
        ['post', `${s}/collections`, COLLECTION],
        ['put', `${s}/collections/1`, { ...COLLECTION, slugs: { en: 'all-1' } }],
        ['delete', `${s}/collections/2`],
        ['post', `${s}/query-rules`, { query: 'new', hide: ['1'] }],
        ['put', `${s}/query-rules/1`, { query: 'rule 1', hide: ['3'] }],
        ['delete', `${s}/query-rules/2`],
        ['get', `${s}/synonyms/en`],
        ['put', `${s}/synonyms/en`, { entries: [{ terms: ['a', 'b'] }] }],
      ];
      before = (await call('get', s)).body;
    });

    const refusals = async (token: string | undefined, expected: (method: Method, path: string) => number) => {
      const wrong: string[] = [];
      for (const [method, path, body] of routes) {
        const res = await w.h.call(method, path, { token, body });
        if (res.status !== expected(method, path))
          wrong.push(`${method} ${path}: ${res.status} ${res.text.slice(0, 200)}`);
      }
      return wrong;
    };

    it('answers 401 unauthorized without a token', async () => {
      expect(await refusals(undefined, () => 401)).toEqual([]);
    });

    it('answers 403 forbidden to a read-only token on every write, and reads', async () => {
      expect(await refusals(w.tokens.readOnly, (method) => (method === 'get' ? 200 : 403))).toEqual([]);
    });

    it("answers 404 not_found for another tenant's site on every route that names one, and changes nothing", async () => {
      expect(
        await refusals(w.tokens.otherTenant, (method, path) =>
          path.startsWith('/storefront/sites/') ? 404 : method === 'post' ? 201 : 200,
        ),
      ).toEqual([]);
      expect((await call('get', `/storefront/sites/${site}`)).body).toEqual(before);
    });

    it('answers the owner the documented success on every route', async () => {
      const success = (method: Method) => (method === 'delete' ? 204 : method === 'post' ? 201 : 200);
      expect(await refusals(w.tokens.owner, success)).toEqual([]);
    });
  });
});
