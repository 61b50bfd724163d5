import type { CatalogueProduct } from './catalogue-product';
import type { SiteIndexConfig } from './site-config';

/**
 * Why the site's assortment leaves the product out, or null when it is in. With category roots, a product
 * must sit below one of them; with `excludeInactive`, a product whose every category path holds an inactive
 * category is out (a product with no category at all stays in unless roots are set).
 */
export function assortmentSkip(
  product: CatalogueProduct,
  assortment: SiteIndexConfig['assortment'],
): 'OUT_OF_ASSORTMENT' | 'INACTIVE_CATEGORY' | null {
  if (assortment === undefined) return null;
  const paths = product.categories.map((c) => c.path);
  const roots = new Set(assortment.categoryRootIds);
  const inRoots = roots.size === 0 ? paths : paths.filter((path) => path[0] !== undefined && roots.has(path[0].id));
  if (roots.size > 0 && inRoots.length === 0) return 'OUT_OF_ASSORTMENT';
  if (assortment.excludeInactive && inRoots.length > 0 && inRoots.every((path) => path.some((node) => !node.active)))
    return 'INACTIVE_CATEGORY';
  return null;
}
