import type { Db, Knex } from '../../shared/db/knex';
import { quoteIdent } from '../../shared/db/quote-ident';

type ForeignKey = { name: string; table: string; columns: string[]; parent: string; parentColumns: string[] };

/**
 * Switches off per-row triggers for the rest of the transaction when the role may (a superuser, as on the
 * private PostgreSQL): foreign keys are then checked once, set-wise, by `assertForeignKeys` instead of one
 * lookup per row, which halves a large seed. Returns false, changing nothing, when the role may not.
 */
export async function skipRowTriggers(trx: Knex.Transaction): Promise<boolean> {
  const { rows } = await trx.raw<{ rows: Array<{ su: boolean }> }>(
    `select current_setting('is_superuser') = 'on' as su`,
  );
  if (!rows[0].su) return false;
  await trx.raw('set local session_replication_role = replica');
  return true;
}

async function foreignKeysOf(db: Db, tables: readonly string[]): Promise<ForeignKey[]> {
  const columns = (keys: string, rel: string) =>
    `array(select a.attname::text from unnest(con.${keys}) with ordinality k(num, i) join pg_attribute a on a.attrelid = con.${rel} and a.attnum = k.num order by k.i)`;
  const { rows } = await db.raw<{ rows: ForeignKey[] }>(
    `select con.conname as name, child.relname as table, parent.relname as parent,
            ${columns('conkey', 'conrelid')} as columns, ${columns('confkey', 'confrelid')} as "parentColumns"
     from pg_constraint con
     join pg_class child on child.oid = con.conrelid
     join pg_class parent on parent.oid = con.confrelid
     where con.contype = 'f' and child.relnamespace = 'public'::regnamespace and child.relname = any(?)
     order by con.conname`,
    [[...tables]],
  );
  return rows;
}

/** Whether some row of the tenant points at a missing parent (rows with a null key column pass, as in MATCH SIMPLE). */
async function violates(db: Db, key: ForeignKey, tenantId: number): Promise<boolean> {
  const notNull = key.columns.map((c) => `c.${quoteIdent(c)} is not null`).join(' and ');
  const joins = key.columns.map((c, i) => `p.${quoteIdent(key.parentColumns[i])} = c.${quoteIdent(c)}`).join(' and ');
  const { rows } = await db.raw<{ rows: Array<{ bad: boolean }> }>(
    `select exists (select 1 from ${quoteIdent(key.table)} c where c.tenant_id = ? and ${notNull}
       and not exists (select 1 from ${quoteIdent(key.parent)} p where ${joins})) as bad`,
    [tenantId],
  );
  return rows[0].bad;
}

/**
 * Checks every foreign key of `tables` over one tenant's rows; throws naming the keys that are broken. Runs inside
 * the seed's transaction, where the statistics predate the new rows: the planner would guess one row per tenant and
 * pick nested-loop anti joins that scan the parent table once per child row (quadratic on a large seed into a
 * database holding other tenants). Nested loops are off for the check, so every key is one linear hash anti join.
 */
export async function assertForeignKeys(
  trx: Knex.Transaction,
  tenantId: number,
  tables: readonly string[],
): Promise<void> {
  await trx.raw('set local enable_nestloop = off');
  const broken: string[] = [];
  for (const key of await foreignKeysOf(trx, tables)) if (await violates(trx, key, tenantId)) broken.push(key.name);
  await trx.raw('set local enable_nestloop = on');
  if (broken.length) throw new Error(`seeded rows break foreign keys: ${broken.join(', ')}`);
}
