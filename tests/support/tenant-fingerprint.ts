import type { Knex } from '../../shared/db/knex';
import { quoteIdent } from '../../shared/db/quote-ident';

/**
 * A digest per table of every row a tenant owns (each table with a `tenant_id` column): equal digests before and
 * after a run of requests mean none of them changed anything of that tenant.
 */
export async function tenantFingerprint(db: Knex, tenantId: number): Promise<Record<string, string>> {
  const tables = (
    await db.raw<{ rows: { table_name: string }[] }>(
      `select c.table_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
       where c.column_name = 'tenant_id' and c.table_schema = current_schema() and t.table_type = 'BASE TABLE' order by c.table_name`,
    )
  ).rows.map((r) => r.table_name);
  const digests: Record<string, string> = {};
  for (const table of tables) {
    const sql = `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${quoteIdent(table)} t where tenant_id = ?`;
    digests[table] = (await db.raw<{ rows: { digest: string }[] }>(sql, [tenantId])).rows[0]?.digest ?? '';
  }
  return digests;
}
