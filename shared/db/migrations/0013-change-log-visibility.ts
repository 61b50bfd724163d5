import type { Migration } from './index';
import { runAll } from './schema-helpers';

// A brand's name or slug is on every document of its products (and their variants).
const BRAND_FUNCTION = `
create function log_brand_changes() returns trigger language plpgsql as $$
begin
  if current_setting('aisle.product_change_log', true) = 'off' then
    return null;
  end if;
  insert into product_changes (tenant_id, product_id)
  select distinct p.tenant_id, coalesce(p.parent_id, p.id)
  from (select o.tenant_id, o.id from old_rows o join new_rows n using (tenant_id, id)
        where (o.name, o.slug, o.active) is distinct from (n.name, n.slug, n.active)) changed
  join products p on p.tenant_id = changed.tenant_id and p.brand_id = changed.id;
  return null;
end $$`;

// A category's names and state show on the documents linked to it or to any category below it.
const CATEGORY_FUNCTION = `
create function log_category_changes() returns trigger language plpgsql as $$
begin
  if current_setting('aisle.product_change_log', true) = 'off' then
    return null;
  end if;
  insert into product_changes (tenant_id, product_id)
  with recursive changed as (
    select n.tenant_id, n.id from old_rows o join new_rows n using (tenant_id, id)
    where (o.name, o.names, o.active, o.parent_id, o.position) is distinct from (n.name, n.names, n.active, n.parent_id, n.position)
  ), subtree as (
    select tenant_id, id from changed
    union
    select c.tenant_id, c.id from categories c join subtree s on c.tenant_id = s.tenant_id and c.parent_id = s.id
  )
  select distinct p.tenant_id, coalesce(p.parent_id, p.id)
  from subtree s
  join product_categories pc on pc.tenant_id = s.tenant_id and pc.category_id = s.id
  join products p on p.tenant_id = pc.tenant_id and p.id = pc.product_id;
  return null;
end $$`;

/**
 * The change log learns (1) which transaction wrote each entry, so a delta run can read exactly the entries
 * that became visible since its last read (a sequence number alone misses a transaction that took its number
 * early and committed late), and (2) brand and category renames, which change every document that shows them.
 */
export const changeLogVisibility: Migration = {
  async up(knex) {
    await runAll(knex, [
      'alter table product_changes add column xid xid8 not null default pg_current_xact_id()',
      'create index product_changes_xid on product_changes (tenant_id, xid)',
      BRAND_FUNCTION,
      CATEGORY_FUNCTION,
      `create trigger brands_log_update after update on brands referencing old table as old_rows new table as new_rows
        for each statement execute function log_brand_changes()`,
      `create trigger categories_log_update after update on categories referencing old table as old_rows new table as new_rows
        for each statement execute function log_category_changes()`,
    ]);
  },
  async down(knex) {
    await runAll(knex, [
      'drop trigger if exists brands_log_update on brands',
      'drop trigger if exists categories_log_update on categories',
      'drop function if exists log_brand_changes()',
      'drop function if exists log_category_changes()',
      'drop index if exists product_changes_xid',
      'alter table product_changes drop column if exists xid',
    ]);
  },
};
