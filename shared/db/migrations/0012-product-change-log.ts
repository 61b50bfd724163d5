import type { Migration } from './index';
import { runAll } from './schema-helpers';

/** Catalogue tables whose rows carry `product_id`; a change to any of them changes that product's document. */
export const PRODUCT_REF_TABLES = [
  'prices',
  'stock',
  'product_descriptions',
  'product_attributes',
  'product_media',
  'product_relations',
  'product_bundle_components',
  'product_categories',
  'product_options',
  'product_option_values',
] as const;

const EVENTS = ['insert', 'update', 'delete'] as const;

// Every change is recorded against the storefront document it touches: the root product (a variant's
// parent), so a deleted variant still names the parent to rebuild. When the product row itself is gone,
// the id as written is kept.
const RECORD_FUNCTION = `
create function record_product_changes(tenant_ids integer[], product_ids integer[]) returns void
language sql as $$
  insert into product_changes (tenant_id, product_id)
  select distinct c.tenant_id, coalesce(p.parent_id, c.product_id)
  from unnest(tenant_ids, product_ids) as c(tenant_id, product_id)
  left join products p on p.tenant_id = c.tenant_id and p.id = c.product_id
$$`;

// Statement-level triggers with transition tables: one insert per statement, not one per row, so bulk
// loads (COPY) stay fast. PostgreSQL allows transition tables only on single-event triggers, hence one
// trigger per event and a branch on TG_OP.
const triggerFunction = (name: string, idExpr: string) => `
create function ${name}() returns trigger language plpgsql as $$
declare
  tenant_ids integer[];
  product_ids integer[];
begin
  -- Bulk loaders (the seed) record their changes themselves, once per product instead of once per table.
  if current_setting('aisle.product_change_log', true) = 'off' then
    return null;
  end if;
  if TG_OP = 'INSERT' then
    select array_agg(tenant_id), array_agg(${idExpr}) into tenant_ids, product_ids from new_rows;
  elsif TG_OP = 'DELETE' then
    select array_agg(tenant_id), array_agg(${idExpr}) into tenant_ids, product_ids from old_rows;
  else
    select array_agg(tenant_id), array_agg(pid) into tenant_ids, product_ids from (
      select tenant_id, ${idExpr} as pid from old_rows union select tenant_id, ${idExpr} from new_rows
    ) changed;
  end if;
  if tenant_ids is not null then
    perform record_product_changes(tenant_ids, product_ids);
  end if;
  return null;
end $$`;

const transition = {
  insert: 'new table as new_rows',
  update: 'old table as old_rows new table as new_rows',
  delete: 'old table as old_rows',
};

const createTriggers = (table: string, fn: string) =>
  EVENTS.map(
    (event) =>
      `create trigger ${table}_log_${event} after ${event} on ${table} ` +
      `referencing ${transition[event]} for each statement execute function ${fn}()`,
  );

/**
 * `product_changes`: which products changed, fed by triggers on the catalogue tables. Delta indexing asks
 * "which products changed since sequence N" (the watermark). Sequence numbers are taken at insert time,
 * so a transaction that commits late can land below a watermark already read: readers should stop short
 * of the newest few seconds of changes, or re-read a margin.
 */
export const productChangeLog: Migration = {
  async up(knex) {
    await knex.schema.createTable('product_changes', (t) => {
      t.bigIncrements('seq');
      t.integer('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
      // Deliberately no foreign key: deleted products must stay in the log.
      t.integer('product_id').notNullable();
      t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['tenant_id', 'seq']);
    });
    await runAll(knex, [
      RECORD_FUNCTION,
      triggerFunction('log_product_row_changes', 'coalesce(parent_id, id)'),
      triggerFunction('log_product_ref_changes', 'product_id'),
      ...createTriggers('products', 'log_product_row_changes'),
      ...PRODUCT_REF_TABLES.flatMap((table) => createTriggers(table, 'log_product_ref_changes')),
    ]);
  },
  async down(knex) {
    await runAll(knex, [
      ...['products', ...PRODUCT_REF_TABLES].flatMap((table) =>
        EVENTS.map((event) => `drop trigger if exists ${table}_log_${event} on ${table}`),
      ),
      'drop function if exists log_product_row_changes()',
      'drop function if exists log_product_ref_changes()',
      'drop function if exists record_product_changes(integer[], integer[])',
    ]);
    await knex.schema.dropTableIfExists('product_changes');
  },
};
