import type { Migration } from './index';

/**
 * The embedded search engine's aliases (its cluster state, as Elasticsearch keeps its own): every serving
 * process reads them here, so they agree on which snapshot an alias means. Index names carry their site,
 * and so their tenant; the table is engine infrastructure, not tenant data.
 */
export const searchAliases: Migration = {
  async up(knex) {
    await knex.schema.createTable('search_aliases', (t) => {
      t.text('alias').primary();
      t.text('index_name').notNullable().index();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex) {
    await knex.schema.dropTable('search_aliases');
  },
};
