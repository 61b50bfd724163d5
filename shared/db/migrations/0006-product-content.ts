import type { Migration } from './index';
import { decimal, dropTables, oneOf, tenantOwned, tenantRef, timestamps } from './schema-helpers';

export const ATTRIBUTE_TYPES = ['text', 'html', 'number', 'bool', 'list'] as const;
export const MEDIA_KINDS = ['image', 'video', 'file'] as const;
export const MEDIA_BACKGROUNDS = ['white', 'transparent', 'light'] as const;

const TABLES = [
  'product_descriptions',
  'product_attributes',
  'product_media',
  'product_relations',
  'product_bundle_components',
];

/**
 * Storefront content of a product: descriptions per language, attributes in the merchant's order, media
 * (content-addressed by hash), related-product groups and bundle components.
 */
export const productContent: Migration = {
  async up(knex) {
    await knex.schema.createTable('product_descriptions', (t) => {
      tenantOwned(t, { id: false });
      tenantRef(t, 'product_id', 'products', { onDelete: 'CASCADE' });
      t.text('language').notNullable();
      t.text('name').notNullable();
      t.text('short_description').nullable();
      t.text('html').nullable();
      t.text('seo_title').nullable();
      t.text('seo_description').nullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['tenant_id', 'product_id', 'language']);
      t.check('char_length(??) <= 500', ['short_description'], 'product_descriptions_short_max');
    });
    await knex.schema.createTable('product_attributes', (t) => {
      tenantOwned(t, { id: false });
      tenantRef(t, 'product_id', 'products', { onDelete: 'CASCADE' });
      t.smallint('position').notNullable();
      t.text('key').notNullable();
      t.text('label').notNullable();
      oneOf(t, 'type', ATTRIBUTE_TYPES);
      t.specificType('values', 'text[]').notNullable().defaultTo('{}');
      // Filter keys of the values, parallel to `values`; null when any value has no key of its own.
      t.specificType('value_keys', 'text[]').nullable();
      t.primary(['tenant_id', 'product_id', 'position']);
      t.unique(['tenant_id', 'product_id', 'key']);
    });
    await knex.schema.createTable('product_media', (t) => {
      tenantOwned(t);
      tenantRef(t, 'product_id', 'products', { onDelete: 'CASCADE' });
      t.text('hash').notNullable();
      oneOf(t, 'kind', MEDIA_KINDS);
      t.text('role').notNullable();
      t.text('view').nullable();
      t.smallint('position').notNullable().defaultTo(0);
      t.integer('width').nullable();
      t.integer('height').nullable();
      t.text('blurhash').nullable();
      t.text('color').nullable();
      oneOf(t, 'bg', MEDIA_BACKGROUNDS, { nullable: true });
      t.jsonb('alt').notNullable().defaultTo('{}');
      t.text('caption').nullable();
      t.text('filename').nullable();
      t.bigInteger('bytes').nullable();
      t.integer('pages').nullable();
      t.decimal('duration', 10, 3).nullable();
      timestamps(t, knex);
      t.index(['tenant_id', 'product_id', 'position']);
      t.check("?? ~ '^sha256:[0-9a-f]{64}$'", ['hash'], 'product_media_hash_format');
    });
    await knex.schema.createTable('product_relations', (t) => {
      tenantOwned(t, { id: false });
      tenantRef(t, 'product_id', 'products', { onDelete: 'CASCADE' });
      t.text('group_key').notNullable();
      t.smallint('position').notNullable();
      tenantRef(t, 'related_product_id', 'products', { onDelete: 'CASCADE' });
      t.primary(['tenant_id', 'product_id', 'group_key', 'position']);
      t.index(['tenant_id', 'related_product_id']);
    });
    await knex.schema.createTable('product_bundle_components', (t) => {
      tenantOwned(t, { id: false });
      tenantRef(t, 'product_id', 'products', { onDelete: 'CASCADE' });
      tenantRef(t, 'component_product_id', 'products', { onDelete: 'CASCADE' });
      decimal(t, 'quantity', { default: 1 });
      t.smallint('position').notNullable().defaultTo(0);
      t.primary(['tenant_id', 'product_id', 'component_product_id']);
      t.index(['tenant_id', 'component_product_id']);
      t.check('?? > 0', ['quantity'], 'product_bundle_components_quantity_positive');
    });
  },
  async down(knex) {
    await dropTables(knex, TABLES);
  },
};
