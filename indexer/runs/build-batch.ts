import type { Db } from '../../shared/db/knex';
import type { SearchDocument } from '../../shared/search';
import { mintSlugs } from '../../shared/storefront-config/slugs/slug-store';
import { slugKey } from '../../shared/storefront-config/slugs/plan-slugs';
import type { IndexedCard } from '../documents/card';
import type { CatalogueProduct } from '../documents/catalogue-product';
import type { SiteIndexConfig } from '../documents/site-config';
import type { MediaDescriptor } from '../../shared/media/descriptor';
import type { MediaRow } from '../../shared/media/manifest';
import { encodeProductSource } from '../documents/product-source';
import { loadMediaRows } from '../../shared/media/media-rows';
import type { MediaPipeline, MediaWarning } from '../../shared/media/pipeline';
import { isSkipped, productNames, toSearchDocument, type SkippedProduct } from '../documents/to-search-document';

type Scope = { tenantId: number; siteId: number };

/**
 * The media rows of the products and their variants by root (for their sources), and their descriptors, rendering
 * what is new (`media` absent: none). Items that cannot be read become warnings, never a failed run.
 */
async function batchMedia(
  db: Db,
  scope: Scope,
  products: readonly CatalogueProduct[],
  media: MediaPipeline | undefined,
): Promise<{ descriptors: Map<number, MediaDescriptor[]>; rows: Map<number, MediaRow[]>; warnings: MediaWarning[] }> {
  // Variants' own images too: the product detail shows them, and it only shows what exists. Warnings name the
  // storefront product (the root), like every other run warning.
  const rootOf = new Map(
    products.flatMap((p) => [[p.id, p.id] as const, ...p.variants.map((v) => [v.id, p.id] as const)]),
  );
  const rows = await loadMediaRows(db, scope.tenantId, [...rootOf.keys()]);
  const rowsOf = new Map<number, MediaRow[]>();
  for (const row of rows) {
    const root = rootOf.get(row.productId) ?? row.productId;
    const own = rowsOf.get(root);
    if (own === undefined) rowsOf.set(root, [row]);
    else own.push(row);
  }
  if (media === undefined) return { descriptors: new Map(), rows: rowsOf, warnings: [] };
  const { descriptors, warnings } = await media.describe(rows);
  return {
    descriptors,
    rows: rowsOf,
    warnings: warnings.map((w) => ({ ...w, productId: String(rootOf.get(Number(w.productId)) ?? w.productId) })),
  };
}

/** A document to index, and its product's source to keep beside it (serialised only when an engine keeps it). */
export type BuiltDocument = { document: SearchDocument; source: () => string };

/**
 * Documents of one catalogue batch with their minted slugs (products and their brands, per site language),
 * media descriptors and product sources, the products left out with the reason, and the documents' media warnings.
 */
export async function buildBatch(
  db: Db,
  scope: Scope,
  products: readonly CatalogueProduct[],
  config: SiteIndexConfig,
  media?: MediaPipeline,
): Promise<{ documents: BuiltDocument[]; skipped: SkippedProduct[]; mediaWarnings: MediaWarning[] }> {
  const documents: SearchDocument[] = [];
  const skipped: SkippedProduct[] = [];
  const sold: CatalogueProduct[] = [];
  const { descriptors, rows, warnings } = await batchMedia(db, scope, products, media);
  for (const product of products) {
    const result = toSearchDocument(product, config, {}, descriptors.get(product.id) ?? []);
    if (isSkipped(result)) skipped.push(result);
    else {
      documents.push(result);
      sold.push(product);
    }
  }
  const slugs = await mintSlugs(
    db,
    { ...scope, entityType: 'product' },
    sold.flatMap((p) =>
      Object.entries(productNames(p, config.languages)).map(([language, text]) => ({
        entityId: String(p.id),
        language,
        text,
      })),
    ),
  );
  await mintBrandSlugs(db, scope, sold, config.languages);
  for (const doc of documents) {
    const card = doc.card as IndexedCard;
    for (const language of config.languages) {
      const slug = slugs.get(slugKey(language, doc.id));
      if (slug !== undefined) card.slug[language] = slug;
    }
  }
  const documentIds = new Set(documents.map((d) => d.id));
  const built = documents.map((document, i): BuiltDocument => {
    const product = sold[i] as CatalogueProduct;
    const media = rows.get(product.id) ?? [];
    return { document, source: () => encodeProductSource({ product, markets: document.markets, media }) };
  });
  return { documents: built, skipped, mediaWarnings: warnings.filter((w) => documentIds.has(w.productId)) };
}

async function mintBrandSlugs(
  db: Db,
  scope: Scope,
  products: readonly CatalogueProduct[],
  languages: readonly string[],
): Promise<void> {
  const brands = new Map(
    products
      .flatMap((p) => [p.brand, ...p.variants.map((v) => v.brand)])
      .filter((b) => b !== null)
      .map((b) => [b.id, b.name]),
  );
  const requests = [...brands].flatMap(([id, name]) =>
    languages.map((language) => ({ entityId: String(id), language, text: name })),
  );
  await mintSlugs(db, { ...scope, entityType: 'brand' }, requests);
}
