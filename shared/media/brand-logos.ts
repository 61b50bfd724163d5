import type { Db } from '../db/knex';
import type { MediaDescriptor } from './descriptor';
import { describeExisting } from './existing-media';
import type { MediaItem } from './manifest';
import type { RenditionStore } from './rendition-store';

/** A brand's logo columns (brands with a logo_hash). */
export type LogoRow = { id: number; logo_hash: string; logo_source: string | null };

/**
 * A brand's logo as a media item: an image with role `logo` (`brands.logo_hash`, bytes at `brands.logo_source`).
 * `alt` is empty: a logo is always shown beside the brand's label, which already names it.
 */
const logoItem = (row: LogoRow): MediaItem => ({
  hash: row.logo_hash,
  kind: 'image',
  role: 'logo',
  view: null,
  position: 0,
  alt: {},
  caption: null,
  filename: null,
  duration: null,
  attributes: null,
  source: row.logo_source,
  posterSource: null,
});

/** The logos of the given brands, keyed by brand id; brands without one are absent. */
export async function loadBrandLogos(
  db: Db,
  tenantId: number,
  brandIds: readonly number[],
): Promise<Map<number, MediaItem>> {
  if (brandIds.length === 0) return new Map();
  const rows: LogoRow[] = await db('brands')
    .where({ tenant_id: tenantId })
    .whereIn('id', [...brandIds])
    .whereNotNull('logo_hash')
    .orderBy('id')
    .select('id', 'logo_hash', 'logo_source');
  return logoItems(rows);
}

/** Each brand's logo descriptor, keyed by brand id, for the brands whose logo the indexer has rendered. */
export async function describeBrandLogos(
  db: Db,
  store: RenditionStore,
  tenantId: number,
  brandIds: readonly number[],
): Promise<Map<number, MediaDescriptor>> {
  return describeLogos(store, await loadBrandLogos(db, tenantId, brandIds));
}

/** Each brand's logo as a media item, keyed by brand id (rows read elsewhere). */
export const logoItems = (rows: readonly LogoRow[]): Map<number, MediaItem> =>
  new Map(rows.map((row) => [Number(row.id), logoItem(row)]));

/** The descriptors of the logos whose renditions exist, keyed by brand id. */
export async function describeLogos(
  store: RenditionStore,
  logos: ReadonlyMap<number, MediaItem>,
): Promise<Map<number, MediaDescriptor>> {
  const out = new Map<number, MediaDescriptor>();
  for (const [id, item] of logos) {
    const descriptor = await describeExisting(store, item);
    if (descriptor) out.set(id, descriptor);
  }
  return out;
}
