import type { Db, Knex } from '../../shared/db/knex';
import { quoteIdent } from '../../shared/db/quote-ident';
import { SEEDED_TABLES } from './seeded-tables';

/** The id of the tenant with this code, creating it (or renaming it) as needed. */
export async function upsertTenant(db: Db, code: string, name: string): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ id: number }> }>(
    'insert into tenants (code, name) values (?, ?) on conflict (code) do update set name = excluded.name returning id',
    [code, name],
  );
  return rows[0].id;
}

/**
 * Records every storefront product (root) of the tenant in the change log once. The seed switches the
 * per-table change-log triggers off for its transaction (they would log each product once per catalogue
 * table) and calls this before deleting and after loading, so removed and new products are both logged.
 */
export async function logAllProductsChanged(trx: Knex.Transaction, tenantId: number): Promise<void> {
  await trx.raw(
    'insert into product_changes (tenant_id, product_id) select tenant_id, id from products where tenant_id = ? and parent_id is null order by id',
    [tenantId],
  );
}

/** Deletes every seeded row of one tenant, children before parents; other tenants' rows are never touched. */
export async function deleteTenantData(trx: Knex.Transaction, tenantId: number): Promise<void> {
  for (const table of [...SEEDED_TABLES].reverse())
    await trx.raw(`delete from ${quoteIdent(table)} where tenant_id = ?`, [tenantId]);
}

/**
 * Moves each table's id sequence past the highest id in it: the seed writes explicit ids, and later
 * inserts that take their id from the sequence must not collide with them. Never moves a sequence back.
 */
export async function advanceSequences(db: Knex, tables: readonly string[]): Promise<void> {
  const { rows } = await db.raw<{ rows: Array<{ table: string; seq: string }> }>(
    `select c.relname as table, pg_get_serial_sequence(quote_ident(c.relname), 'id') as seq
     from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'id' and not a.attisdropped
     where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace and c.relname = any(?)`,
    [[...tables]],
  );
  for (const { table, seq } of rows.filter((r) => r.seq)) {
    await db.raw(
      `select setval(?::regclass, greatest(1, (select coalesce(max(id), 0) from ${quoteIdent(table)}), coalesce(pg_sequence_last_value(?::regclass), 0)))`,
      [seq, seq],
    );
  }
}

/** Refreshes planner statistics after a bulk load. */
export async function analyzeTables(db: Knex, tables: readonly string[]): Promise<void> {
  if (tables.length) await db.raw(`analyze ${tables.map(quoteIdent).join(', ')}`);
}
