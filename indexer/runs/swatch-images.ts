import type { Db } from '../../shared/db/knex';
import { mediaFailure, type MediaPipeline } from '../../shared/media/pipeline';
import { recordSwatchSource } from '../../shared/media/swatch-images';
import type { SiteConfig } from '../../shared/storefront-config/schemas';
import type { RunWarnings } from './write-documents';

/** Every swatch image source the config names, once, with the first facet value naming it (for warnings). */
export function swatchImageSources(config: SiteConfig): Map<string, string> {
  const sources = new Map<string, string>();
  for (const facet of config.facets) {
    for (const [value, swatch] of Object.entries(facet.definition.swatches)) {
      if (swatch.image !== null && !sources.has(swatch.image)) sources.set(swatch.image, `${facet.key}=${value}`);
    }
  }
  return sources;
}

/**
 * Renders the configured swatch images of a full or preview run's config and records each source's hash for the
 * storefront. Sources carry no hash, so each is read on every such run (a handful of small files): a file replaced
 * at the same path shows from the next full run. A source that cannot be read keeps what was recorded before (its
 * renditions still exist) and is a run warning.
 */
export async function renderSwatchImages(
  deps: { db: Db; tenantId: number; media: MediaPipeline; warnings: RunWarnings },
  config: SiteConfig,
): Promise<void> {
  for (const [source, usedBy] of swatchImageSources(config)) {
    const hash = await deps.media.ensureImageSource(source).then(
      (manifest) => manifest.hash,
      (err: unknown) => {
        const { code, reason } = mediaFailure(err);
        deps.warnings.add({ code, detail: `swatch image of ${usedBy}: ${reason}` });
        return null;
      },
    );
    if (hash !== null) await recordSwatchSource(deps.db, deps.tenantId, source, hash);
  }
}
