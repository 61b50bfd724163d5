import type { CatalogueProduct, CategoryNode } from '../../../indexer/documents/catalogue-product';
import { labelIn } from '../catalogue/facet-specs';
import { collectionPath, collectionSlug, collectionUrl, productUrl } from '../catalogue/urls';
import type { SiteContext } from '../keys/site-context';
import { cardOf } from '../listing/listing-response';
import { listedVariants, optionsOf } from '../variants/variant-options';
import { variantOf } from '../variants/variant-view';
import { contentOf, descriptionIn, shownAttributes, sourceText } from '../../../indexer/documents/product-content';
import { attributeOf, brandOf, descriptionOf, responsibleOf, shortDescriptionOf } from './content';
import type { ProductParts } from './product-parts';
import type { bundleOf, relatedGroups } from './related';
import type { SoldProduct } from './sold-products';

/** Above this many variants the detail leaves `variants` null and the variants endpoint pages them. */
export const INLINE_VARIANTS = 100;

/** Categories shown: active all the way up and inside the site's assortment roots (when it names any). */
function categoriesOf(product: CatalogueProduct, ctx: SiteContext) {
  const roots = ctx.catalogue.index.assortment?.categoryRootIds ?? [];
  const nameOf = (n: CategoryNode) => n.names[ctx.language] ?? n.name;
  return product.categories
    .filter((c) => c.path.every((n) => n.active) && (roots.length === 0 || roots.includes(c.path[0]?.id ?? -1)))
    .map((c) => ({ id: String(c.id), name: c.path.map(nameOf).at(-1) ?? '', pathNames: c.path.map(nameOf) }));
}

function collectionsOf(ids: readonly number[], ctx: SiteContext) {
  const { catalogue, market, language } = ctx;
  return ids
    .map((id) => catalogue.collectionsById.get(id))
    .filter((c) => c !== undefined)
    .map((c) => ({
      id: String(c.id),
      slug: collectionSlug(c, language),
      name: labelIn(c.names, language, String(c.id)),
      path: collectionPath(c, catalogue.collectionsById, language),
      url: collectionUrl(market, catalogue.config.site, c, catalogue.collectionsById, language),
    }));
}

/**
 * hreflang: each site language's URL on a market of that language that sells the product (the request's market first).
 */
export function productAlternates(sold: SoldProduct, ctx: SiteContext): Record<string, string> {
  const { catalogue } = ctx;
  const out: Record<string, string> = {};
  for (const language of catalogue.languages) {
    const candidates = [ctx.market, ...catalogue.markets].filter(
      (m) => m.language === language && sold.markets.includes(m.code),
    );
    const market = candidates[0];
    const slug = sold.card.slug[language];
    if (market !== undefined && slug !== undefined) out[language] = productUrl(market, catalogue.config.site, slug);
  }
  return out;
}

export type DetailExtras = {
  redirectTo: string | null;
  matchedVariantId: string | null;
  related: ReturnType<typeof relatedGroups>;
  bundle: ReturnType<typeof bundleOf>;
};

/** The spec's product detail with its content block (pure over the parts read for it). */
export function productDetail(parts: ProductParts, ctx: SiteContext, extras: DetailExtras) {
  const { product, card: indexed } = parts.sold;
  const card = cardOf(indexed, ctx.catalogue, ctx.market, ctx.language);
  if (card === null) throw new Error(`product ${product.id} has no price on ${ctx.market.code}`);
  const content = descriptionIn(product, ctx.language, ctx.catalogue.languages);
  const mapping = contentOf(ctx.catalogue.index);
  const seo =
    parts.seo.find((s) => s.language === ctx.language) ?? parts.seo.find((s) => s.language === content?.language);
  const variants = listedVariants(product);
  return {
    id: card.id,
    slug: card.slug,
    sku: card.sku,
    name: card.name,
    price: card.price,
    priceVaries: card.priceVaries,
    inStock: card.inStock,
    options: optionsOf(product),
    variants: variants.length > INLINE_VARIANTS ? null : variants.map((v) => variantOf(v, parts)),
    variantCount: variants.length,
    images: parts.media.images,
    image: parts.media.image,
    files: parts.media.files,
    categories: categoriesOf(product, ctx),
    collections: collectionsOf(indexed.collectionIds, ctx),
    url: card.url,
    alternateUrls: productAlternates(parts.sold, ctx),
    redirectTo: extras.redirectTo,
    matchedVariantId: extras.matchedVariantId,
    seo: { title: seo?.seo_title ?? card.name, description: seo?.seo_description ?? null },
    updatedAt: card.updatedAt,
    shortDescription: shortDescriptionOf(sourceText(product, content, mapping.shortDescription)),
    description: descriptionOf(sourceText(product, content, mapping.description)),
    brand: brandOf(product.brand, parts.brands),
    responsible: responsibleOf(parts.links.get(product.id), parts.parties),
    attributes: shownAttributes(product, mapping, ctx.language).map((a) => attributeOf(a, ctx.catalogue.index)),
    related: extras.related,
    bundle: extras.bundle,
  };
}
