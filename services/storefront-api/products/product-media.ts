import type { Knex } from '../../../shared/db/knex';
import type { MediaReader } from '../../../shared/media/site-media';
import type { MediaDescriptor } from '../openapi/media-schema';

// Every storefront read of product media and brand logos takes its descriptors from these functions, over the media
// pipeline's reader (descriptors of media whose renditions exist, so no descriptor ever announces a 404).

export interface ProductMedia {
  images: MediaDescriptor[];
  /** The display image: role primary, else first gallery, else first swatch, else null. */
  image: MediaDescriptor | null;
  files: MediaDescriptor[];
}

export interface VariantMedia {
  images: MediaDescriptor[];
  /** Null when the variant inherits its parent's images. */
  image: MediaDescriptor | null;
  hasOwnImages: boolean;
}

const NO_MEDIA: ProductMedia = { images: [], image: null, files: [] };
const NO_VARIANT_MEDIA: VariantMedia = { images: [], image: null, hasOwnImages: false };

/** Media of each product (a root: simple product or variant parent), keyed by product id. */
export async function productMedia(
  reader: MediaReader,
  db: Knex,
  tenantId: number,
  productIds: readonly number[],
): Promise<Map<number, ProductMedia>> {
  const found = await reader.products(db, tenantId, productIds);
  return new Map(productIds.map((id) => [id, (found.get(id) as ProductMedia | undefined) ?? NO_MEDIA]));
}

/** Media of each variant of its own, keyed by variant id: `image` is null when the variant inherits its parent's. */
export async function variantMedia(
  reader: MediaReader,
  db: Knex,
  tenantId: number,
  variantIds: readonly number[],
): Promise<Map<number, VariantMedia>> {
  const found = await reader.products(db, tenantId, variantIds);
  return new Map(
    variantIds.map((id) => {
      const own = found.get(id);
      return [
        id,
        own === undefined || own.images.length === 0
          ? NO_VARIANT_MEDIA
          : { images: own.images as MediaDescriptor[], image: own.image as MediaDescriptor | null, hasOwnImages: true },
      ];
    }),
  );
}

/**
 * Each brand's logo descriptor (role `logo`), keyed by brand id; null when the brand has no logo (or it is not rendered
 * yet).
 */
export async function brandLogos(
  reader: MediaReader,
  db: Knex,
  tenantId: number,
  brandIds: readonly number[],
): Promise<Map<number, MediaDescriptor | null>> {
  const found = await reader.brandLogos(db, tenantId, brandIds);
  return new Map(brandIds.map((id) => [id, found.get(id) ?? null]));
}
