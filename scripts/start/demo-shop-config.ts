import type { Knex } from '../../shared/db/knex';
import { mutateDraft, saveCollection, saveFacet } from '../../shared/storefront-config/drafts';
import type { SiteConfig } from '../../shared/storefront-config/schemas';
import { slugify } from '../../shared/storefront-config/slugs/slugify';
import { COLOURS } from '../seed/generator/words';

// What the demo site needs so the demo shop shows every facet type on the seed's data: brand and material lists
// (searchable), colour swatches, the category tree as a hierarchy, size (collapsed), weight as a range and
// waterproof as a toggle, besides the built-in price range and in-stock toggle; and a few collections.

const SWATCHES = Object.fromEntries(COLOURS.map(([en, , css]) => [slugify(en), { color: css, image: null }]));

export const DEMO_FACETS: Record<string, Record<string, unknown>> = {
  category: {
    source: { kind: 'category', rootId: null },
    type: 'hierarchy',
    label: { en: 'Category', sv: 'Kategori' },
    size: 300,
    position: 0,
  },
  brand: {
    source: { kind: 'brand' },
    type: 'list',
    label: { en: 'Brand', sv: 'Märke' },
    searchable: true,
    position: 1,
  },
  colour: {
    source: { kind: 'option', option: 'colour' },
    type: 'swatch',
    label: { en: 'Colour', sv: 'Färg' },
    searchable: true,
    position: 2,
    swatches: SWATCHES,
  },
  size: {
    source: { kind: 'option', option: 'size' },
    type: 'list',
    label: { en: 'Size', sv: 'Storlek' },
    collapsed: true,
    size: 30,
    position: 3,
  },
  material: {
    source: { kind: 'attribute', attribute: 'material' },
    type: 'list',
    label: { en: 'Material', sv: 'Material' },
    searchable: true,
    size: 8,
    position: 4,
  },
  weight: {
    source: { kind: 'attribute', attribute: 'weight' },
    type: 'range',
    label: { en: 'Weight', sv: 'Vikt' },
    collapsed: true,
    range: { unit: 'kg', step: 0.1 },
    position: 5,
  },
  waterproof: {
    source: { kind: 'attribute', attribute: 'waterproof' },
    type: 'toggle',
    label: { en: 'Waterproof', sv: 'Vattentät' },
    position: 6,
  },
};

type DemoCollection = {
  slugs: Record<string, string>;
  names: Record<string, string>;
  filter: Record<string, string[]>;
  position: number;
};

/** The demo's collections: everything, with shoes (when the seed's tree has them), rain gear and wool and linen below it. */
function demoCollections(shoesRootId: number | null): { parent: DemoCollection; children: DemoCollection[] } {
  const children: DemoCollection[] = [
    {
      slugs: { en: 'rain-ready', sv: 'regnsakert' },
      names: { en: 'Rain ready', sv: 'Regnsäkert' },
      filter: { waterproof: ['true'] },
      position: 2,
    },
    {
      slugs: { en: 'wool-and-linen', sv: 'ull-och-linne' },
      names: { en: 'Wool & linen', sv: 'Ull & linne' },
      filter: { material: ['wool', 'linen'] },
      position: 3,
    },
  ];
  if (shoesRootId !== null)
    children.unshift({
      slugs: { en: 'shoes', sv: 'skor' },
      names: { en: 'Shoes', sv: 'Skor' },
      filter: { category: [String(shoesRootId)] },
      position: 1,
    });
  return {
    parent: {
      slugs: { en: 'all', sv: 'alla' },
      names: { en: 'All products', sv: 'Alla produkter' },
      filter: { all: [] },
      position: 0,
    },
    children,
  };
}

const hasCollection = (draft: SiteConfig, c: DemoCollection) =>
  draft.collections.find((existing) => existing.slugs.en === c.slugs.en)?.id;

async function addCollections(db: Knex, tenantId: number, siteId: number, draft: SiteConfig): Promise<number> {
  const shoes = await db('categories')
    .where({ tenant_id: tenantId, name: 'Shoes' })
    .whereNull('parent_id')
    .first<{ id: number } | undefined>('id');
  const { parent, children } = demoCollections(shoes?.id ?? null);
  let added = 0;
  let parentId = hasCollection(draft, parent);
  if (parentId === undefined) {
    parentId = await saveCollection(db, tenantId, siteId, parent);
    added++;
  }
  for (const child of children.filter((c) => hasCollection(draft, c) === undefined)) {
    await saveCollection(db, tenantId, siteId, { ...child, parentId });
    added++;
  }
  return added;
}

/** The origins missing from devOrigins, added (the oldest dropped beyond the schema's 20). */
async function addOrigins(
  db: Knex,
  tenantId: number,
  siteId: number,
  draft: SiteConfig,
  origins: readonly string[],
): Promise<number> {
  const missing = origins.filter((o) => !draft.site.devOrigins.includes(o));
  if (missing.length === 0) return 0;
  await mutateDraft(db, tenantId, siteId, (d) => ({
    ...d,
    site: { ...d.site, devOrigins: [...d.site.devOrigins, ...missing].slice(-20) },
  }));
  return missing.length;
}

/**
 * Brings the demo site's draft up to what the demo shop needs: the shop's origins, then every demo facet and
 * collection that is missing (by facet key, by English collection slug). Entries a developer changed are left
 * as they are. Returns what it added (empty when nothing was missing), for the publish note.
 */
export async function upgradeDemoSite(
  db: Knex,
  tenantId: number,
  siteId: number,
  draft: SiteConfig,
  shopOrigins: readonly string[],
): Promise<string[]> {
  const changes: string[] = [];
  if ((await addOrigins(db, tenantId, siteId, draft, shopOrigins)) > 0) changes.push('shop origins');
  const missingFacets = Object.keys(DEMO_FACETS).filter((key) => !draft.facets.some((f) => f.key === key));
  for (const key of missingFacets) await saveFacet(db, tenantId, siteId, key, DEMO_FACETS[key]);
  if (missingFacets.length > 0) changes.push(`facets ${missingFacets.join(', ')}`);
  if ((await addCollections(db, tenantId, siteId, draft)) > 0) changes.push('collections');
  return changes;
}
