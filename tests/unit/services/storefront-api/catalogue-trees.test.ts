import { categoryTree, type CategoryRow } from '../../../../services/storefront-api/categories/category-tree';
import { sitemapParams } from '../../../../services/storefront-api/sitemap/sitemap-params';
import type { SiteIndexConfig } from '../../../../indexer/documents/site-config';
import { AppError } from '../../../../shared/errors';

const row = (id: number, parent: number | null, position = 0, active = true): CategoryRow => ({
  id,
  parent_id: parent,
  name: `c${id}`,
  names: { sv: `k${id}` },
  position,
  active,
});
const rows = [row(1, null, 1), row(2, null, 0), row(3, 1, 1), row(4, 1, 0), row(5, 4), row(6, 2, 0, false), row(7, 6)];
const base: SiteIndexConfig = { markets: [], languages: ['en'], facets: [] };
const ids = (nodes: ReturnType<typeof categoryTree>): unknown[] =>
  nodes.map((n) => (n.children.length === 0 ? n.id : [n.id, ids(n.children)]));

describe('categoryTree', () => {
  it('orders by position, hides inactive subtrees and names in the language', () => {
    const tree = categoryTree(rows, base, 'sv');
    expect(ids(tree)).toEqual(['2', ['1', [['4', ['5']], '3']]]);
    expect(tree[1]!.name).toBe('k1');
    expect(categoryTree(rows, base, 'en')[1]!.name).toBe('c1');
  });
  it('keeps only the assortment roots', () => {
    expect(
      ids(categoryTree(rows, { ...base, assortment: { categoryRootIds: [1], excludeInactive: true } }, 'en')),
    ).toEqual([['1', [['4', ['5']], '3']]]);
  });
  it('keys nodes as the hierarchy facets do', () => {
    const whole = categoryTree(rows, { ...base, facets: [{ kind: 'category', key: 'cat', rootId: null }] }, 'en');
    expect(whole[1]!.children[0]!.children[0]!.facet).toEqual({ key: 'cat', value: '1/4/5' });
    const perRoot = categoryTree(rows, { ...base, facets: [{ kind: 'category', key: 'one', rootId: 1 }] }, 'en');
    expect(perRoot[1]!.facet).toBeNull();
    expect(perRoot[1]!.children[0]!.children[0]!.facet).toEqual({ key: 'one', value: '4/5' });
    expect(perRoot[0]!.facet).toBeNull();
  });
});

describe('sitemapParams', () => {
  const code = (query: Record<string, string | undefined>) => {
    try {
      sitemapParams(query);
      return 'ok';
    } catch (err) {
      return err instanceof AppError ? err.code : 'other';
    }
  };
  it('reads type, since and paging', () => {
    expect(sitemapParams({ type: 'brand', since: '2025-06-01T10:00:00 02:00', page: '3', pageSize: '10' })).toEqual({
      type: 'brand',
      since: new Date('2025-06-01T08:00:00Z'),
      page: 3,
      pageSize: 10,
    });
    expect(sitemapParams({ type: 'product' })).toEqual({ type: 'product', since: null, page: 1, pageSize: 1000 });
  });
  it('names the broken parameter', () => {
    expect(code({})).toBe('INVALID_TYPE');
    expect(code({ type: 'products' })).toBe('INVALID_TYPE');
    for (const since of ['x', '2025-02-30', '2025-02-30x', '2025-13-01', '1700000000', '2025-06-01T10:00'])
      expect(code({ type: 'product', since })).toBe('INVALID_SINCE');
    expect(code({ type: 'product', since: '2025-06-01' })).toBe('ok');
    for (const paging of [{ page: '0' }, { pageSize: '1001' }, { page: '-1' }, { pageSize: 'x' }])
      expect(code({ type: 'product', ...paging })).toBe('INVALID_PAGE');
  });
});
