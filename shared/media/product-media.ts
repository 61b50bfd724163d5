import type { Db } from '../db/knex';
import { productMediaView } from './build-descriptor';
import type { MediaDescriptor } from './descriptor';
import { describeExisting } from './existing-media';
import type { MediaRow } from './manifest';
import { loadMediaRows } from './media-rows';
import type { RenditionStore } from './rendition-store';

export type ProductMedia = { images: MediaDescriptor[]; image: MediaDescriptor | null; files: MediaDescriptor[] };

export const NO_MEDIA: ProductMedia = Object.freeze({ images: [], image: null, files: [] }) as ProductMedia;

/**
 * For the product detail (and variants): each product's descriptors as the detail response shows them
 * (`images` in display order, the display `image`, `files`). Read-only: media whose renditions the indexer
 * has not made yet are left out, so a descriptor never announces a URL that would be a 404. Products
 * without media get `images: []`, `image: null`, `files: []`.
 */
export async function describeProductMedia(
  db: Db,
  store: RenditionStore,
  tenantId: number,
  productIds: readonly number[],
): Promise<Map<number, ProductMedia>> {
  return describeMediaRows(store, await loadMediaRows(db, tenantId, productIds), productIds);
}

/** As describeProductMedia, over media rows already read (rows of products not among `productIds` are skipped). */
export async function describeMediaRows(
  store: RenditionStore,
  rows: readonly MediaRow[],
  productIds: readonly number[],
): Promise<Map<number, ProductMedia>> {
  const byProduct = new Map<number, MediaDescriptor[]>(productIds.map((id) => [id, []]));
  for (const row of rows) {
    const own = byProduct.get(row.productId);
    if (own === undefined) continue;
    const descriptor = await describeExisting(store, row);
    if (descriptor) own.push(descriptor);
  }
  return new Map([...byProduct].map(([id, descriptors]) => [id, productMediaView(descriptors)]));
}
