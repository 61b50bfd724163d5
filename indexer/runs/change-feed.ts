import type { Knex } from '../../shared/db/knex';

/**
 * A read position in the change log: the highest sequence number seen, and the snapshot the read ran in.
 * An entry whose transaction was still open at that read can carry a lower number and commit later; the
 * snapshot tells exactly which entries were not yet visible.
 */
export interface Watermark {
  seq: string;
  snapshot: string;
}

/** Where the log stands now (a full run starts here; its replay reads from it). */
export async function currentWatermark(db: Knex, tenantId: number): Promise<Watermark> {
  return db.transaction(
    async (trx) => {
      const { rows } = await trx.raw<{ rows: { snapshot: string; seq: string | null }[] }>(
        'select pg_current_snapshot()::text as snapshot, (select max(seq) from product_changes where tenant_id = ?)::text as seq',
        [tenantId],
      );
      return { snapshot: rows[0]?.snapshot ?? '', seq: rows[0]?.seq ?? '0' };
    },
    { isolationLevel: 'repeatable read' },
  );
}

/**
 * Product ids whose changes became visible since `from`, and the watermark to read from next time. Both come
 * from one repeatable-read snapshot: an entry is new when its number is above the old mark, or when its
 * transaction was still running at the old read (it may have taken a lower number).
 */
export async function changesSince(
  db: Knex,
  tenantId: number,
  from: Watermark,
): Promise<{ productIds: number[]; next: Watermark }> {
  return db.transaction(
    async (trx) => {
      const next =
        (await trx.raw<{ rows: { snapshot: string }[] }>('select pg_current_snapshot()::text as snapshot')).rows[0]
          ?.snapshot ?? '';
      const { rows } = await trx.raw<{ rows: { product_id: number; seq: string }[] }>(
        `select product_id, max(seq)::text as seq from product_changes
         where tenant_id = :tenantId
           and (seq > :seq or (xid >= pg_snapshot_xmin(:snapshot::pg_snapshot) and not pg_visible_in_snapshot(xid, :snapshot::pg_snapshot)))
         group by product_id`,
        { tenantId, seq: from.seq, snapshot: from.snapshot },
      );
      const top = rows.reduce((max, r) => (BigInt(r.seq) > max ? BigInt(r.seq) : max), BigInt(from.seq));
      return { productIds: rows.map((r) => r.product_id), next: { seq: top.toString(), snapshot: next } };
    },
    { isolationLevel: 'repeatable read' },
  );
}

export async function readWatermark(db: Knex, tenantId: number, siteId: number): Promise<Watermark | null> {
  const row = await db('storefront_index_state')
    .where({ tenant_id: tenantId, site_id: siteId })
    .first<{ watermark_seq: string; watermark_snapshot: string } | undefined>();
  return row === undefined ? null : { seq: String(row.watermark_seq), snapshot: row.watermark_snapshot };
}

export async function writeWatermark(db: Knex, tenantId: number, siteId: number, mark: Watermark): Promise<void> {
  await db('storefront_index_state')
    .insert({
      tenant_id: tenantId,
      site_id: siteId,
      watermark_seq: mark.seq,
      watermark_snapshot: mark.snapshot,
      updated_at: db.fn.now(),
    })
    .onConflict('site_id')
    .merge(['watermark_seq', 'watermark_snapshot', 'updated_at']);
}
