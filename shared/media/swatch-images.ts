import type { Db } from '../db/knex';
import type { MediaDescriptor } from './descriptor';
import { describeExisting } from './existing-media';
import type { MediaItem } from './manifest';
import type { RenditionStore } from './rendition-store';

// Swatch images are configured per facet value as a source (a path under the media source root, or a URL), with no
// hash: the indexer reads each one, renders it by the hash of its bytes and records that hash here per source.

/** A configured swatch image as a media item: role `swatch`; `alt` is empty, as the value's label is shown beside it. */
const swatchItem = (hash: string, source: string): MediaItem => ({
  hash,
  kind: 'image',
  role: 'swatch',
  view: null,
  position: 0,
  alt: {},
  caption: null,
  filename: null,
  duration: null,
  attributes: null,
  source,
  posterSource: null,
});

/** Records the hash of the bytes `source` held when the indexer last read (and rendered) it. */
export async function recordSwatchSource(db: Db, tenantId: number, source: string, hash: string): Promise<void> {
  await db('storefront_swatch_images')
    .insert({ tenant_id: tenantId, source, hash, read_at: db.fn.now() })
    .onConflict(['tenant_id', 'source'])
    .merge(['hash', 'read_at']);
}

/** The descriptors of the given swatch image sources that the indexer has read and rendered, keyed by source. */
export async function describeSwatchImages(
  db: Db,
  store: RenditionStore,
  tenantId: number,
  sources: readonly string[],
): Promise<Map<string, MediaDescriptor>> {
  const out = new Map<string, MediaDescriptor>();
  if (sources.length === 0) return out;
  const rows: { source: string; hash: string }[] = await db('storefront_swatch_images')
    .where({ tenant_id: tenantId })
    .whereIn('source', [...new Set(sources)])
    .select('source', 'hash');
  for (const row of rows) {
    const descriptor = await describeExisting(store, swatchItem(row.hash, row.source));
    if (descriptor) out.set(row.source, descriptor);
  }
  return out;
}
