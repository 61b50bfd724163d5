import type { Db } from '../db/knex';
import type { JsonObject, MediaKind } from './descriptor';
import type { MediaRow } from './manifest';

/** A media row as product_media holds it (what MEDIA_ROWS selects). */
export type MediaRowRecord = {
  id: number;
  product_id: number;
  hash: string;
  kind: MediaKind;
  role: string;
  view: string | null;
  position: number;
  alt: Record<string, string> | null;
  caption: string | null;
  filename: string | null;
  duration: string | null;
  attributes: JsonObject | null;
  source: string | null;
  poster_source: string | null;
};

export const toMediaRow = (r: MediaRowRecord): MediaRow => ({
  id: Number(r.id),
  productId: Number(r.product_id),
  hash: r.hash,
  kind: r.kind,
  role: r.role,
  view: r.view,
  position: r.position,
  alt: r.alt ?? {},
  caption: r.caption,
  filename: r.filename,
  duration: r.duration === null ? null : Number(r.duration),
  attributes: r.attributes,
  source: r.source,
  posterSource: r.poster_source,
});

/** The media rows of a tenant (`?`) and products (`?::int[]`, or an array expression put in its place). */
export const MEDIA_ROWS = `select id, product_id, hash, kind, role, view, position, alt, caption, filename, duration, attributes,
     source, poster_source from product_media where tenant_id = ? and product_id = any(?::int[]) order by product_id, position, id`;

/** The media rows of the given products (roots or variants), per product in display order. */
export async function loadMediaRows(db: Db, tenantId: number, productIds: readonly number[]): Promise<MediaRow[]> {
  if (productIds.length === 0) return [];
  const { rows } = await db.raw<{ rows: MediaRowRecord[] }>(MEDIA_ROWS, [tenantId, [...productIds]]);
  return rows.map(toMediaRow);
}
