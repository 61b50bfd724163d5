import { buildDescriptor } from './build-descriptor';
import { hexOf, type MediaDescriptor, type MediaKind } from './descriptor';
import type { Manifest, MediaItem } from './manifest';
import { CURRENT_RECIPE, RECIPES } from './recipe';
import type { RenditionStore } from './rendition-store';

// The current recipe first, then older ones: while a new recipe is being rolled out, what exists is shown.
const recipeOrder = () => [
  CURRENT_RECIPE,
  ...Object.keys(RECIPES)
    .map(Number)
    .filter((r) => r !== CURRENT_RECIPE)
    .sort((a, b) => b - a),
];

/** The manifest of the renditions that exist for (hash, kind), newest recipe first; null when none were made yet. */
export async function existingManifest(store: RenditionStore, hash: string, kind: MediaKind): Promise<Manifest | null> {
  const hex = hexOf(hash);
  if (hex === null) return null;
  for (const recipe of recipeOrder()) {
    const manifest = await store.manifest(hex, recipe, kind);
    if (manifest) return manifest;
  }
  return null;
}

/**
 * The descriptor of an item whose renditions exist, else null. Readers (the storefront) never render: an item the
 * indexer has not rendered yet is left out rather than announcing URLs that would be 404s.
 */
export async function describeExisting(store: RenditionStore, item: MediaItem): Promise<MediaDescriptor | null> {
  const manifest = await existingManifest(store, item.hash, item.kind);
  return manifest === null ? null : buildDescriptor(item, manifest);
}
