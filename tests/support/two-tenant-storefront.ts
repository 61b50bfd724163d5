import type { Knex } from '../../shared/db/knex';
import { loadTenantFacts } from '../../indexer/documents/site-config';
import { saveCollection, saveFacet, saveMarket } from '../../shared/storefront-config/drafts';
import { indexedShop, twoPriceLists, type IndexedShop } from './storefront-fixture';

/**
 * Two tenants' shops indexed into one engine (so one app answers both), each with brand pages and a brand facet.
 * Tenant A also has resources B's site has nothing of: a collection, a brand, a facet and products whose id, slug
 * and SKU B's site does not know. A request with B's key can reach them only across tenants.
 */
export type OnlyInShopA = {
  product: { id: string; slug: string; sku: string };
  collection: { id: string; slug: string };
  brand: { id: string; slug: string };
  facet: string;
};

const A_BRAND_ID = 990_001;
const A_FACET = 'only-in-a';

/** Markets with brand pages on, their origins under `host` (so each tenant's shop has origins of its own). */
async function brandPages(db: Knex, tenantId: number, siteId: number, host: string): Promise<void> {
  await saveFacet(db, tenantId, siteId, 'brand', {
    source: { kind: 'brand' },
    type: 'list',
    searchable: true,
    position: 1,
  });
  for (const [i, list] of (await twoPriceLists(db, tenantId)).entries()) {
    await saveMarket(db, tenantId, siteId, {
      code: `m${i + 1}`,
      language: i === 0 ? 'en' : 'sv',
      currency: list.currency,
      country: i === 0 ? 'IE' : 'SE',
      urlTemplate: `https://m${i + 1}.${host}/{path}`,
      priceListId: list.id,
      isDefault: i === 0,
      brandUrlPattern: '/b/{slug}',
    });
  }
}

/** Tenant A's own brand on its first ten products, a collection and a swatch facet B's site does not have. */
async function onlyInA(db: Knex, tenantId: number, siteId: number): Promise<number> {
  await db('brands').insert({ tenant_id: tenantId, id: A_BRAND_ID, name: 'Only In A', slug: 'only-in-a-brand' });
  await db('products')
    .where({ tenant_id: tenantId })
    .whereIn('id', db('products').where({ tenant_id: tenantId }).orderBy('id').limit(10).select('id'))
    .update({ brand_id: A_BRAND_ID });
  const collection = await saveCollection(db, tenantId, siteId, {
    slugs: { en: 'only-in-a', sv: 'bara-i-a' },
    names: { en: 'Only in A', sv: 'Bara i A' },
    filter: { all: [] },
  });
  const axis = (await loadTenantFacts(db, tenantId)).optionAxes[0];
  if (axis === undefined) throw new Error('the seed has no option axis for a swatch facet');
  await saveFacet(db, tenantId, siteId, A_FACET, {
    source: { kind: 'option', option: axis },
    type: 'swatch',
    searchable: true,
    position: 2,
  });
  return collection;
}

/** A product of A's listing whose id, slug and SKU name nothing of B's. */
async function productOnlyInA(db: Knex, a: IndexedShop, b: IndexedShop): Promise<OnlyInShopA['product']> {
  const sql = `
    select p.id, s.slug, p.product_number as sku from products p
    join storefront_slugs s on s.tenant_id = p.tenant_id and s.site_id = :aSite and s.entity_type = 'product' and s.entity_id = p.id::text and s.current and s.language = 'en'
    where p.tenant_id = :a and p.parent_id is null
      and not exists (select 1 from products o where o.tenant_id = :b and (o.id = p.id or o.product_number = p.product_number))
      and not exists (select 1 from storefront_slugs o where o.site_id = :bSite and o.slug = s.slug)
      and exists (select 1 from prices pr join products v on v.tenant_id = pr.tenant_id and v.id = pr.product_id where pr.tenant_id = :a and (v.id = p.id or v.parent_id = p.id))
    order by p.id desc limit 1`;
  const bindings = { a: a.tenantId, aSite: a.siteId, b: b.tenantId, bSite: b.siteId };
  const row = (await db.raw<{ rows: { id: number; slug: string; sku: string }[] }>(sql, bindings)).rows[0];
  if (row === undefined) throw new Error('tenant A has no priced product B lacks by id, slug and SKU');
  return { id: String(row.id), slug: row.slug, sku: row.sku };
}

export async function twoTenantStorefront(
  db: Knex,
): Promise<{ a: IndexedShop; b: IndexedShop; onlyInA: OnlyInShopA; cleanup: () => Promise<void> }> {
  let collectionId = 0;
  const a = await indexedShop(db, {
    tenant: 'authz-shop-a',
    products: 120,
    seed: 81,
    configure: async (siteId, tenantId) => {
      await brandPages(db, tenantId, siteId, 'a-shop.example');
      collectionId = await onlyInA(db, tenantId, siteId);
    },
  });
  try {
    // Far fewer products than A: each has up to dozens of variants (product rows too), and A's higher root ids must name nothing in B.
    const b = await indexedShop(db, {
      tenant: 'authz-shop-b',
      products: 3,
      seed: 82,
      engine: a.engine,
      configure: (siteId, tenantId) => brandPages(db, tenantId, siteId, 'b-shop.example'),
    });
    const brandSlug = (
      await db('storefront_slugs')
        .where({
          site_id: a.siteId,
          entity_type: 'brand',
          entity_id: String(A_BRAND_ID),
          language: 'en',
          current: true,
        })
        .first<{ slug: string }>('slug')
    ).slug;
    const onlyInShopA: OnlyInShopA = {
      product: await productOnlyInA(db, a, b),
      collection: { id: String(collectionId), slug: 'only-in-a' },
      brand: { id: String(A_BRAND_ID), slug: brandSlug },
      facet: A_FACET,
    };
    return { a, b, onlyInA: onlyInShopA, cleanup: () => a.engine.cleanup() };
  } catch (err) {
    await a.engine.cleanup();
    throw err;
  }
}
