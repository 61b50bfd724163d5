import type { Knex } from '../../../shared/db/knex';
import type { ProductMedia as DescribedMedia } from '../../../shared/media/product-media';
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

/** What the media reader described for one row. */
export type { DescribedMedia };

/** A product's (a root: simple product or variant parent) media as the reader described them (pure). */
export const productMediaOf = (found: DescribedMedia | undefined): ProductMedia =>
  (found as ProductMedia | undefined) ?? NO_MEDIA;

/** A variant's own media (pure): `image` is null when the variant inherits its parent's. */
export const variantMediaOf = (own: DescribedMedia | undefined): VariantMedia =>
  own === undefined || own.images.length === 0
    ? NO_VARIANT_MEDIA
    : { images: own.images as MediaDescriptor[], image: own.image as MediaDescriptor | null, hasOwnImages: true };

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
