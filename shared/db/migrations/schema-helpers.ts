import type { Knex } from 'knex';

type Table = Knex.CreateTableBuilder;

/**
 * `tenant_id` (cascading from tenants) and, unless `id: false`, a serial `id` with primary key
 * (tenant_id, id). Ids are unique within a tenant: the sequence only supplies defaults, so the seed can
 * write explicit, deterministic ids per tenant (and then moves the sequence past them).
 */
export function tenantOwned(t: Table, options: { id?: boolean } = {}): void {
  t.integer('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
  if (options.id === false) return;
  t.increments('id', { primaryKey: false });
  t.primary(['tenant_id', 'id']);
}

type RefOptions = { nullable?: boolean; key?: string; type?: 'integer' | 'text'; onDelete?: 'CASCADE' | 'SET NULL' };

/**
 * A column referencing `table` through the composite key (tenant_id, key), so a row can never point into
 * another tenant's data.
 */
export function tenantRef(t: Table, column: string, table: string, options: RefOptions = {}): void {
  const col = options.type === 'text' ? t.text(column) : t.integer(column);
  if (options.nullable) col.nullable();
  else col.notNullable();
  const fk = t
    .foreign(['tenant_id', column])
    .references(['tenant_id', options.key ?? 'id'])
    .inTable(table);
  if (options.onDelete) fk.onDelete(options.onDelete);
}

/** Money and quantities: exact decimals with four places. */
export function decimal(t: Table, column: string, options: { nullable?: boolean; default?: number } = {}): void {
  const col = t.decimal(column, 18, 4);
  if (options.nullable) col.nullable();
  else col.notNullable();
  if (options.default !== undefined) col.defaultTo(options.default);
}

/** A VAT rate in percent (25.000). */
export function vatRate(t: Table, column = 'vat_rate'): void {
  t.decimal(column, 6, 3).notNullable();
}

/** Timestamp with time zone, optionally defaulting to now(). */
export function timestamptz(t: Table, knex: Knex, column: string, options: { nullable?: boolean } = {}): void {
  const col = t.timestamp(column, { useTz: true });
  if (options.nullable) col.nullable();
  else col.notNullable().defaultTo(knex.fn.now());
}

export function timestamps(t: Table, knex: Knex): void {
  timestamptz(t, knex, 'created_at');
  timestamptz(t, knex, 'updated_at');
}

/** A text column restricted to `values` (a check constraint, not a native enum: easier to extend). */
export function oneOf(t: Table, column: string, values: readonly string[], options: { nullable?: boolean } = {}): void {
  const col = t.text(column).checkIn([...values]);
  if (options.nullable) col.nullable();
  else col.notNullable();
}

/** Drops tables in the reverse of the order they were created. */
export async function dropTables(knex: Knex, tables: readonly string[]): Promise<void> {
  for (const table of [...tables].reverse()) await knex.schema.dropTableIfExists(table);
}

/** Runs raw statements in order (expression, partial and trigram indexes the builder cannot express). */
export async function runAll(knex: Knex, statements: readonly string[]): Promise<void> {
  for (const sql of statements) await knex.raw(sql);
}
