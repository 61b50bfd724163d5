import type { Knex } from 'knex';
import type { Migration } from './index';
import { dropTables } from './schema-helpers';

const TABLES = ['storefront_search_volumes', 'storefront_search_queries', 'storefront_search_filters'];

/** The group columns: one site, UTC day, market, language and kind of search (listing, suggest, facet-values). */
function group(t: Knex.CreateTableBuilder): void {
  t.integer('tenant_id').notNullable();
  t.integer('site_id').notNullable();
  t.date('day').notNullable();
  t.text('market').notNullable();
  t.text('language').notNullable();
  t.text('kind').notNullable().checkIn(['listing', 'suggest', 'facet-values']);
  t.foreign(['tenant_id', 'site_id']).references(['tenant_id', 'id']).inTable('storefront_sites').onDelete('CASCADE');
}

/**
 * Search analytics as daily roll-ups (docs/decisions.md, "Search analytics"): every request of a group counted in
 * `volumes`; the most frequent queries and filter values of a group (a bounded number) in `queries` and `filters`.
 * Nothing here identifies a shopper: no address, key, token or time finer than the day.
 */
export const storefrontSearchAnalytics: Migration = {
  async up(knex) {
    await knex.schema.createTable('storefront_search_volumes', (t) => {
      group(t);
      t.bigInteger('requests').notNullable();
      t.bigInteger('no_hits').notNullable();
      t.primary(['site_id', 'day', 'market', 'language', 'kind']);
    });
    await knex.schema.createTable('storefront_search_queries', (t) => {
      group(t);
      t.text('query').notNullable();
      t.bigInteger('count').notNullable();
      t.bigInteger('no_hits').notNullable();
      t.bigInteger('corrected').notNullable();
      t.bigInteger('redirected').notNullable();
      t.bigInteger('ruled').notNullable();
      t.bigInteger('paged').notNullable();
      t.integer('last_total').notNullable();
      t.timestamp('last_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['site_id', 'day', 'market', 'language', 'kind', 'query']);
    });
    await knex.schema.createTable('storefront_search_filters', (t) => {
      group(t);
      t.text('filter').notNullable();
      t.bigInteger('count').notNullable();
      t.primary(['site_id', 'day', 'market', 'language', 'kind', 'filter']);
    });
    // Retention deletes by day across sites.
    for (const table of TABLES) await knex.schema.alterTable(table, (t) => t.index(['day'], `${table}_day`));
  },
  async down(knex) {
    await dropTables(knex, TABLES);
  },
};
