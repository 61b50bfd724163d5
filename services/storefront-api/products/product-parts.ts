import type { MarketConfig } from '../../../indexer/documents/site-config';
import type { SiteContext } from '../keys/site-context';
import type { BrandContext } from './content';
import { productMediaOf, variantMediaOf, type ProductMedia, type VariantMedia } from './product-media';
import type { PageReads } from './page-reads';
import type { PageRows, PartyLinks, PartyRow, SeoRow } from './product-rows';
import type { HeldProduct } from './held-products';
import type { SoldProduct } from './sold-products';

/** Everything one product's detail and variants are built from, read once. */
export interface ProductParts {
  sold: SoldProduct;
  market: MarketConfig;
  seo: SeoRow[];
  links: Map<number, PartyLinks>;
  parties: Map<number, PartyRow>;
  brands: BrandContext;
  media: ProductMedia;
  variantMedia: Map<number, VariantMedia>;
}

/** The market as the indexer's pure functions take it. */
export function marketConfigOf(ctx: SiteContext): MarketConfig {
  const found = ctx.catalogue.index.markets.find((m) => m.code === ctx.market.code);
  if (found === undefined) throw new Error(`market ${ctx.market.code} is not among the site's active markets`);
  return found;
}

/**
 * The rest of a held product's parts, read from PostgreSQL (its media are held with it); `page` when its page rows
 * were read already.
 */
export async function loadProductParts(
  pages: PageReads,
  ctx: SiteContext,
  held: HeldProduct,
  page?: PageRows,
): Promise<ProductParts> {
  const { sold } = held;
  const { product } = sold;
  const variantIds = product.variants.map((v) => v.id);
  const rows = page ?? (await pages.page(ctx, product.id));
  const logos = await ctx.media.brandLogosOf(rows.logos);
  return {
    sold,
    market: marketConfigOf(ctx),
    seo: rows.seo,
    links: rows.links,
    parties: rows.parties,
    brands: { market: ctx.market, index: ctx.catalogue.index, language: ctx.language, slugs: rows.brandSlugs, logos },
    media: productMediaOf(held.media.get(product.id)),
    variantMedia: new Map(variantIds.map((id) => [id, variantMediaOf(held.media.get(id))])),
  };
}
