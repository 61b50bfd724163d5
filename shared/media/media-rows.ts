import type { Db } from '../db/knex';
import type { JsonObject, MediaKind } from './descriptor';
import type { MediaRow } from './manifest';

type Row = {
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

const toMediaRow = (r: Row): MediaRow => ({
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

/** The media rows of the given products (roots or variants), per product in display order. */
export async function loadMediaRows(db: Db, tenantId: number, productIds: readonly number[]): Promise<MediaRow[]> {
  if (productIds.length === 0) return [];
  const { rows } = await db.raw<{ rows: Row[] }>(
    `select id, product_id, hash, kind, role, view, position, alt, caption, filename, duration, attributes, source, poster_source
     from product_media where tenant_id = ? and product_id = any(?::int[]) order by product_id, position, id`,
    [tenantId, [...productIds]],
  );
  return rows.map(toMediaRow);
}
