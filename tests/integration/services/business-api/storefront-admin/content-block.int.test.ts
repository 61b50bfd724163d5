import { SEED_TIMEOUT_MS } from '../../../../support/business-data';
import { brokenFields, startAdminWorld, type AdminWorld } from '../../../../support/storefront-admin-fixture';

// The draft's content block through the admin API (spec "Product content": a per-site block maps canonical fields
// and attributes to the product's properties): read, replaced, every broken field named, listed by the draft diff.

const ZERO = {
  shortDescription: { property: 'shortDescription' },
  description: { property: 'description' },
  attributes: null,
};
const FABRIC = { key: 'fabric', attribute: 'material', label: { en: 'Fabric', sv: 'Tyg' }, type: 'list' };

describe('storefront admin API: the content block', () => {
  let w: AdminWorld;
  let site: string;
  const call = (method: 'get' | 'put', path: string, body?: unknown, token = w.tokens.owner) =>
    w.h.call(method, `${site}${path}`, { token, body });

  beforeAll(async () => {
    w = await startAdminWorld('admin-content');
    const created = await w.h.call('post', '/storefront/sites', {
      token: w.tokens.owner,
      body: { code: 'shop', name: 'Shop', ecomSiteId: 1 },
    });
    site = `/storefront/sites/${created.body.siteId}`;
  }, SEED_TIMEOUT_MS);
  afterAll(() => w.h.close());

  it('a new site has the zero-config block, in the draft and on its own route', async () => {
    expect((await call('get', '/content')).body).toEqual(ZERO);
    expect((await call('get', '')).body.draft.content).toEqual(ZERO);
  });

  it('a PUT replaces the block, left-out fields taking their defaults, and the draft diff lists it field by field', async () => {
    const saved = await call('put', '/content', {
      description: null,
      attributes: [FABRIC, { key: 'care', attribute: 'care' }],
    });
    const block = {
      ...ZERO,
      description: null,
      attributes: [FABRIC, { key: 'care', attribute: 'care', label: {}, type: null }],
    };
    expect([saved.status, saved.body]).toEqual([200, block]);
    expect((await call('get', '/content', undefined, w.tokens.readOnly)).body).toEqual(block);
    const diff = (await call('get', '/draft-diff')).body;
    const paths = diff.changes.map((c: { op: string; path: string }) => `${c.op} ${c.path}`);
    expect(paths).toEqual(expect.arrayContaining(['change content.description', 'change content.attributes']));
    expect(paths).not.toContain('change content.shortDescription');
  });

  it('names every broken field by its JSON path, and stores nothing', async () => {
    const before = (await call('get', '/content')).body;
    const bound = await call('put', '/content', {
      shortDescription: { property: 'seoTitle' },
      attributes: [{ key: 'Fabric!', attribute: '' }],
    });
    expect(brokenFields(bound)).toEqual(['$.attributes[0].attribute', '$.attributes[0].key', '$.shortDescription']);
    const twice = await call('put', '/content', { attributes: [FABRIC, { ...FABRIC, attribute: 'lining' }] });
    expect(brokenFields(twice)).toEqual(['$.attributes[1].key']);
    expect((await call('get', '/content')).body).toEqual(before);
  });

  it("a read-only token cannot write; another tenant's site is not found", async () => {
    expect((await call('put', '/content', {}, w.tokens.readOnly)).status).toBe(403);
    expect((await call('get', '/content', undefined, w.tokens.otherTenant)).status).toBe(404);
  });
});
