import type { Migration } from './index';
import { runAll } from './schema-helpers';

const tuple = (alias: string, columns: readonly string[]) => `(${columns.map((c) => `${alias}.${c}`).join(', ')})`;

// 0013's function, watching `columns`: with the logo, a new logo reaches its products' next delta, which renders it.
const brandFunction = (columns: readonly string[]) => `
create or replace function log_brand_changes() returns trigger language plpgsql as $$
begin
  if current_setting('aisle.product_change_log', true) = 'off' then
    return null;
  end if;
  insert into product_changes (tenant_id, product_id)
  select distinct p.tenant_id, coalesce(p.parent_id, p.id)
  from (select o.tenant_id, o.id from old_rows o join new_rows n using (tenant_id, id)
        where ${tuple('o', columns)} is distinct from ${tuple('n', columns)}) changed
  join products p on p.tenant_id = changed.tenant_id and p.brand_id = changed.id;
  return null;
end $$`;

/**
 * Where a brand logo's bytes are: `logo_source` (a path under the media source root, or an http(s) URL), beside
 * `logo_hash` (`sha256:` of those bytes), like `product_media.source` and `hash`. The media pipeline renders logos.
 */
export const brandLogoSources: Migration = {
  async up(knex) {
    await runAll(knex, [
      'alter table brands add column logo_source text',
      "alter table brands add constraint brands_logo_hash_format check (logo_hash ~ '^sha256:[0-9a-f]{64}$')",
      brandFunction(['name', 'slug', 'active', 'logo_hash', 'logo_source']),
    ]);
  },
  async down(knex) {
    await runAll(knex, [
      brandFunction(['name', 'slug', 'active']),
      'alter table brands drop constraint if exists brands_logo_hash_format',
      'alter table brands drop column if exists logo_source',
    ]);
  },
};
