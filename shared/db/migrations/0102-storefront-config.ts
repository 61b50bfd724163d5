import type { Migration } from './index';
import { dropTables, runAll } from './schema-helpers';

const TABLES = [
  'storefront_sites',
  'storefront_config_versions',
  'storefront_keys',
  'storefront_slugs',
  'storefront_sync_runs',
  'storefront_index_state',
];

/**
 * Storefront configuration (DESIGN §5): a site's draft (one JSON document, validated whole on every save),
 * its immutable published versions, hashed keys, minted slugs with history, indexer runs and the delta
 * watermark. Every row carries its tenant, and every query is scoped by it.
 */
export const storefrontConfig: Migration = {
  async up(knex) {
    await knex.schema.createTable('storefront_sites', (t) => {
      t.increments('id');
      t.integer('tenant_id').notNullable().references('id').inTable('tenants').onDelete('CASCADE');
      t.jsonb('draft').notNullable();
      t.integer('published_version').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('removed_at', { useTz: true }).nullable();
      t.unique(['tenant_id', 'id']);
    });
    await knex.schema.createTable('storefront_config_versions', (t) => {
      t.integer('tenant_id').notNullable();
      t.integer('site_id').notNullable();
      t.integer('version').notNullable();
      t.jsonb('config').notNullable();
      t.text('note').notNullable().defaultTo('');
      t.timestamp('published_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['site_id', 'version']);
      t.foreign(['tenant_id', 'site_id'])
        .references(['tenant_id', 'id'])
        .inTable('storefront_sites')
        .onDelete('CASCADE');
    });
    await knex.schema.createTable('storefront_keys', (t) => {
      t.increments('id');
      t.integer('tenant_id').notNullable();
      t.integer('site_id').notNullable();
      t.text('kind').notNullable();
      t.text('label').notNullable();
      // SHA-256 of the raw key (a 256-bit random secret needs no slow hash); the raw key is never stored.
      t.text('key_hash').notNullable().unique();
      t.text('key_hint').notNullable();
      // The version that first published this key: the key is inert while null.
      t.integer('published_version').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('revoked_at', { useTz: true }).nullable();
      t.foreign(['tenant_id', 'site_id'])
        .references(['tenant_id', 'id'])
        .inTable('storefront_sites')
        .onDelete('CASCADE');
      t.index(['tenant_id', 'site_id']);
    });
    await knex.schema.createTable('storefront_slugs', (t) => {
      t.bigIncrements('id');
      t.integer('tenant_id').notNullable();
      t.integer('site_id').notNullable();
      t.text('language').notNullable();
      t.text('entity_type').notNullable();
      t.text('entity_id').notNullable();
      // Byte order: a `slug like 'base-%'` probe for collision suffixes can use the unique index.
      t.specificType('slug', 'text collate "C"').notNullable();
      // The slugified text the slug was minted from: a rename keeps the slug exactly while this stays the same.
      t.text('base').notNullable();
      t.boolean('current').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign(['tenant_id', 'site_id'])
        .references(['tenant_id', 'id'])
        .inTable('storefront_sites')
        .onDelete('CASCADE');
      // A slug names one entity forever: history rows stay, so it is never reused for another.
      t.unique(['site_id', 'language', 'slug']);
    });
    await knex.schema.createTable('storefront_sync_runs', (t) => {
      t.bigIncrements('id');
      t.integer('tenant_id').notNullable();
      t.integer('site_id').notNullable();
      t.text('mode').notNullable();
      t.text('outcome').notNullable();
      t.integer('document_count').notNullable().defaultTo(0);
      t.integer('total').nullable();
      t.jsonb('errors').notNullable().defaultTo('[]');
      t.jsonb('warnings').notNullable().defaultTo('[]');
      t.jsonb('timings').notNullable().defaultTo('{}');
      t.jsonb('stats').nullable();
      t.text('index_name').nullable();
      t.integer('config_version').nullable();
      t.text('job_id').nullable();
      t.integer('attempt').notNullable().defaultTo(1);
      t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('finished_at', { useTz: true }).nullable();
      t.timestamp('swapped_at', { useTz: true }).nullable();
      t.foreign(['tenant_id', 'site_id'])
        .references(['tenant_id', 'id'])
        .inTable('storefront_sites')
        .onDelete('CASCADE');
      t.index(['tenant_id', 'site_id', 'id']);
    });
    await knex.schema.createTable('storefront_index_state', (t) => {
      t.integer('site_id').primary();
      t.integer('tenant_id').notNullable();
      t.bigInteger('watermark_seq').notNullable();
      t.text('watermark_snapshot').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.foreign(['tenant_id', 'site_id'])
        .references(['tenant_id', 'id'])
        .inTable('storefront_sites')
        .onDelete('CASCADE');
    });
    await runAll(knex, [
      `create unique index storefront_slugs_current on storefront_slugs (site_id, entity_type, entity_id, language) where current`,
      `alter table storefront_keys add constraint storefront_keys_kind check (kind in ('publishable', 'preview', 'secret'))`,
      `alter table storefront_sync_runs add constraint storefront_sync_runs_mode check (mode in ('full', 'delta', 'preview'))`,
      `alter table storefront_sync_runs add constraint storefront_sync_runs_outcome check (outcome in ('running', 'ok', 'gated', 'failed', 'cancelled'))`,
    ]);
  },
  async down(knex) {
    await dropTables(knex, TABLES);
  },
};
