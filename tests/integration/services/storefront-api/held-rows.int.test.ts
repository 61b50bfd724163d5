import { batchRowsAtOnce } from '../../../../indexer/documents/catalogue-rows';
import { createDb, type Knex } from '../../../../shared/db/knex';
import { loadBrandLogos } from '../../../../shared/media/brand-logos';
import { loadMediaRows } from '../../../../shared/media/media-rows';
import { heldRows } from '../../../../services/storefront-api/products/held-rows';
import { currentSlugs, pageRows } from '../../../../services/storefront-api/products/product-rows';
import { addDetailProducts, type DetailProducts } from '../../../support/detail-products';
import { indexedShop, type IndexedShop } from '../../../support/storefront-fixture';
import { createTestDb, type TestDb } from '../../../support/test-db';

// The product page's named statements, on a pool keeping generic plans as the storefront's `lookups` is, answer
// exactly what the statements they replace answer: the indexer's catalogue reader, the current slugs, the media rows
// and the brands' logos.
describe('held rows and page rows as named statements', () => {
  let t: TestDb;
  let shop: IndexedShop;
  let made: DetailProducts;
  let lookups: Knex;
  let roots: number[];
  let variantsOf: Map<number, number[]>;

  beforeAll(async () => {
    t = await createTestDb();
    shop = await indexedShop(t.db, {
      tenant: 'held-rows',
      products: 60,
      seed: 5,
      configure: async (_siteId, tenantId) => {
        made = await addDetailProducts(t.db, tenantId);
      },
    });
    lookups = createDb(t.url, { pool: { min: 0, max: 2 }, genericPlans: true });
    const rows: { id: number; parent_id: number | null }[] = await t
      .db('products')
      .where({ tenant_id: shop.tenantId })
      .orderBy('id')
      .select('id', 'parent_id');
    roots = rows.filter((r) => r.parent_id === null).map((r) => r.id);
    variantsOf = new Map(roots.map((id) => [id, rows.filter((r) => r.parent_id === id).map((r) => r.id)]));
    // Some brands get a logo, so the page's logos are not all empty.
    await t
      .db('brands')
      .where({ tenant_id: shop.tenantId })
      .whereIn('id', t.db('brands').where({ tenant_id: shop.tenantId }).orderBy('id').limit(3).select('id'))
      .update({ logo_hash: `sha256:${'ab'.repeat(32)}`, logo_source: 'logos/brand.png' });
  }, 120_000);
  afterAll(async () => {
    await lookups.destroy();
    await shop.engine.cleanup();
    await t.drop();
  });

  /** Roots in groups of seven, each with a variant id and an id nobody has (neither may bring a product). */
  const groups = () => {
    const out: number[][] = [];
    for (let i = 0; i < roots.length; i += 7) out.push([...roots.slice(i, i + 7), made.huge + 1, 999_999]);
    return out;
  };

  it('runs on sessions that keep generic plans', async () => {
    const { rows } = await lookups.raw<{ rows: { mode: string }[] }>(
      "select current_setting('plan_cache_mode') as mode",
    );
    expect(rows[0]?.mode).toBe('force_generic_plan');
  });

  it('reads the catalogue rows, current slugs and media rows the separate statements read', async () => {
    const scope = { tenantId: shop.tenantId, siteId: shop.siteId };
    let seen = { media: 0, slugs: 0, compareAt: 0, variants: 0 };
    for (const ids of groups()) {
      const found = await heldRows(lookups, scope, ids);
      const rowIds = ids.flatMap((id) => [id, ...(variantsOf.get(id) ?? [])]);
      expect(found.batch).toEqual(await batchRowsAtOnce(t.db, shop.tenantId, ids));
      expect(found.slugs).toEqual(await currentSlugs(t.db, scope, 'product', ids));
      expect(found.media).toEqual(await loadMediaRows(t.db, shop.tenantId, rowIds));
      seen = {
        media: seen.media + found.media.length,
        slugs: seen.slugs + found.slugs.size,
        compareAt: seen.compareAt + found.batch.prices.filter((p) => p.compare_at !== null).length,
        variants: seen.variants + found.batch.variants.length,
      };
    }
    // The comparison covered every kind of row.
    expect(seen.media).toBeGreaterThan(0);
    expect(seen.slugs).toBeGreaterThan(50);
    expect(seen.compareAt).toBeGreaterThan(0);
    expect(seen.variants).toBeGreaterThan(150);
  });

  it('reads each page its brands logos, as loadBrandLogos reads them', async () => {
    const pages = await pageRows(lookups, { tenantId: shop.tenantId, siteId: shop.siteId }, roots);
    let logos = 0;
    for (const id of roots) {
      const brands: { brand_id: number | null }[] = await t
        .db('products')
        .where({ tenant_id: shop.tenantId })
        .andWhere((q) => q.where({ id }).orWhere({ parent_id: id }))
        .select('brand_id');
      const ids = [...new Set(brands.map((b) => b.brand_id).filter((b) => b !== null))];
      const expected = await loadBrandLogos(t.db, shop.tenantId, ids);
      const page = pages.get(id)?.logos ?? [];
      expect(new Map(page.map((row) => [row.id, row.logo_hash]))).toEqual(
        new Map([...expected].map(([brand, item]) => [brand, item.hash])),
      );
      logos += page.length;
    }
    expect(logos).toBeGreaterThan(0);
  });
});
