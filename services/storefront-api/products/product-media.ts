import type { Knex } from '../../../shared/db/knex';
import type { MediaDescriptor } from './media-schema';

// THE seam to the media pipeline (built in parallel): every storefront read takes its descriptors from these
// three functions. Until the pipeline is merged they answer "no media", which is the spec's own shape for a
// product without media (`images: []`, `image: null`, `files: []`).

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
export async function productMedia(_db: Knex, _tenantId: number, productIds: readonly number[]): Promise<Map<number, ProductMedia>> {
  return new Map(productIds.map((id) => [id, NO_MEDIA]));
}

/** Media of each variant of its own, keyed by variant id. */
export async function variantMedia(_db: Knex, _tenantId: number, variantIds: readonly number[]): Promise<Map<number, VariantMedia>> {
  return new Map(variantIds.map((id) => [id, NO_VARIANT_MEDIA]));
}

/** Each brand's logo descriptor (role `logo`), keyed by brand id; null when the brand has none. */
export async function brandLogos(_db: Knex, _tenantId: number, brandIds: readonly number[]): Promise<Map<number, MediaDescriptor | null>> {
  return new Map(brandIds.map((id) => [id, null]));
}
