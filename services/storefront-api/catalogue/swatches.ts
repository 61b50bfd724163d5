import type { MediaDescriptor } from '../openapi/media-schema';
import type { FacetSpec } from './facet-specs';

/** A swatch facet value's `swatch`: `color` a CSS colour or null, `image` a descriptor with role `swatch` or null. */
export type SwatchView = { color: string | null; image: MediaDescriptor | null };

/** Configured swatch images by source, as the media reader found them rendered. */
export type SwatchImages = ReadonlyMap<string, MediaDescriptor>;

/** The image sources the swatch facets among `facets` configure (what the media reader is asked for). */
export function swatchSources(facets: readonly FacetSpec[]): string[] {
  const sources = facets
    .filter((f) => f.type === 'swatch')
    .flatMap((f) => Object.values(f.swatches).map((s) => s.image));
  return [...new Set(sources.filter((s) => s !== null))];
}

/**
 * One value's swatch (pure): null when the value has none configured; `image` null when none is configured or the
 * indexer has not rendered it (yet, or its source could not be read), so no descriptor announces a 404.
 */
export function swatchOf(spec: FacetSpec, value: string, images: SwatchImages): SwatchView | null {
  const configured = spec.swatches[value];
  if (configured === undefined) return null;
  return { color: configured.color, image: configured.image === null ? null : (images.get(configured.image) ?? null) };
}
