import type { Db } from '../db/knex';
import { buildDescriptor, productMediaView } from './build-descriptor';
import { hexOf, type MediaDescriptor } from './descriptor';
import type { Manifest, MediaRow } from './manifest';
import { loadMediaRows } from './media-rows';
import { CURRENT_RECIPE, RECIPES } from './recipe';
import type { RenditionStore } from './rendition-store';

export type ProductMedia = { images: MediaDescriptor[]; image: MediaDescriptor | null; files: MediaDescriptor[] };

export const NO_MEDIA: ProductMedia = Object.freeze({ images: [], image: null, files: [] }) as ProductMedia;

// The current recipe first, then older ones: while a new recipe is being rolled out, what exists is shown.
const recipeOrder = () => [CURRENT_RECIPE, ...Object.keys(RECIPES).map(Number).filter((r) => r !== CURRENT_RECIPE).sort((a, b) => b - a)];

async function existingManifest(store: RenditionStore, row: MediaRow): Promise<Manifest | null> {
  const hex = hexOf(row.hash);
  if (hex === null) return null;
  for (const recipe of recipeOrder()) {
    const manifest = await store.manifest(hex, recipe, row.kind);
    if (manifest) return manifest;
  }
  return null;
}

/**
 * For the product detail (and variants): each product's descriptors as the detail response shows them
 * (`images` in display order, the display `image`, `files`). Read-only: media whose renditions the indexer
 * has not made yet are left out, so a descriptor never announces a URL that would be a 404. Products
 * without media get `images: []`, `image: null`, `files: []`.
 */
export async function describeProductMedia(db: Db, store: RenditionStore, tenantId: number, productIds: readonly number[]): Promise<Map<number, ProductMedia>> {
  const byProduct = new Map<number, MediaDescriptor[]>(productIds.map((id) => [id, []]));
  for (const row of await loadMediaRows(db, tenantId, productIds)) {
    const manifest = await existingManifest(store, row);
    if (manifest) byProduct.get(row.productId)?.push(buildDescriptor(row, manifest));
  }
  return new Map([...byProduct].map(([id, descriptors]) => [id, productMediaView(descriptors)]));
}
