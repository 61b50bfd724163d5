import type { Migration } from './index';
import { dropTables, runAll, tenantOwned, tenantRef, timestamps } from './schema-helpers';

const TABLES = [
  'responsible_parties',
  'brands',
  'categories',
  'products',
  'product_options',
  'product_option_values',
  'product_categories',
];

const PARTY_ROLES = ['manufacturer_party_id', 'importer_party_id', 'eu_responsible_party_id'];

/**
 * The catalogue's skeleton: products (variants point at their parent through `parent_id`), the parent's
 * option axes and each variant's value per axis, brands, a category tree and product-category links, and
 * the responsible parties (manufacturer, importer, EU responsible person) a product names.
 */
export const catalogue: Migration = {
  async up(knex) {
    await knex.schema.createTable('responsible_parties', (t) => {
      tenantOwned(t);
      t.text('name').notNullable();
      for (const column of [
        'legal_name',
        'street',
        'postal_code',
        'city',
        'region',
        'country_code',
        'email',
        'url',
        'phone',
      ]) {
        t.text(column).nullable();
      }
      timestamps(t, knex);
    });
    await knex.schema.createTable('brands', (t) => {
      tenantOwned(t);
      t.text('name').notNullable();
      t.text('slug').notNullable();
      t.text('description').nullable();
      t.text('logo_hash').nullable();
      tenantRef(t, 'manufacturer_party_id', 'responsible_parties', { nullable: true });
      t.boolean('active').notNullable().defaultTo(true);
      timestamps(t, knex);
      t.unique(['tenant_id', 'slug']);
    });
    await knex.schema.createTable('categories', (t) => {
      tenantOwned(t);
      tenantRef(t, 'parent_id', 'categories', { nullable: true });
      t.text('name').notNullable();
      // Display names per language ({"en": "Shoes", "sv": "Skor"}); `name` is the canonical one.
      t.jsonb('names').notNullable().defaultTo('{}');
      t.smallint('position').notNullable().defaultTo(0);
      t.boolean('active').notNullable().defaultTo(true);
      timestamps(t, knex);
      t.index(['tenant_id', 'parent_id']);
    });
    await knex.schema.createTable('products', (t) => {
      tenantOwned(t);
      tenantRef(t, 'parent_id', 'products', { nullable: true });
      t.text('product_number').notNullable();
      // The business name (the API's `description`); storefront names per language are in product_descriptions.
      t.text('name').notNullable();
      tenantRef(t, 'brand_id', 'brands', { nullable: true });
      t.text('barcode').nullable();
      t.text('unit').notNullable().defaultTo('pcs');
      t.integer('weight_grams').nullable();
      t.boolean('is_active').notNullable().defaultTo(true);
      for (const role of PARTY_ROLES) tenantRef(t, role, 'responsible_parties', { nullable: true });
      timestamps(t, knex);
      t.unique(['tenant_id', 'product_number']);
      t.check('?? is distinct from ??', ['parent_id', 'id'], 'products_not_own_parent');
    });
    await knex.schema.createTable('product_options', (t) => {
      tenantOwned(t, { id: false });
      tenantRef(t, 'product_id', 'products', { onDelete: 'CASCADE' });
      t.smallint('position').notNullable();
      t.text('name').notNullable();
      t.primary(['tenant_id', 'product_id', 'position']);
    });
    await knex.schema.createTable('product_option_values', (t) => {
      tenantOwned(t, { id: false });
      tenantRef(t, 'product_id', 'products', { onDelete: 'CASCADE' });
      t.integer('parent_id').notNullable();
      t.smallint('position').notNullable();
      t.text('value').notNullable();
      t.primary(['tenant_id', 'product_id', 'position']);
      t.foreign(['tenant_id', 'parent_id', 'position'], 'product_option_values_option_fk')
        .references(['tenant_id', 'product_id', 'position'])
        .inTable('product_options')
        .onDelete('CASCADE');
      t.index(['tenant_id', 'parent_id', 'position']);
    });
    await knex.schema.createTable('product_categories', (t) => {
      tenantOwned(t, { id: false });
      tenantRef(t, 'product_id', 'products', { onDelete: 'CASCADE' });
      tenantRef(t, 'category_id', 'categories', { onDelete: 'CASCADE' });
      t.boolean('is_primary').notNullable().defaultTo(false);
      t.primary(['tenant_id', 'product_id', 'category_id']);
      t.index(['tenant_id', 'category_id']);
    });
    await runAll(knex, [
      'create index products_parent on products (tenant_id, parent_id) where parent_id is not null',
      // The indexer streams storefront documents (parents and simple products) in id order.
      'create index products_roots on products (tenant_id, id) where parent_id is null',
      'create index products_brand on products (tenant_id, brand_id) where brand_id is not null',
      'create index products_barcode on products (tenant_id, barcode) where barcode is not null',
      'create index products_lower_number on products (tenant_id, lower(product_number) text_pattern_ops)',
      'create index products_number_trgm on products using gin (product_number gin_trgm_ops)',
      'create index products_name_trgm on products using gin (name gin_trgm_ops)',
      ...PARTY_ROLES.map((c) => `create index products_${c} on products (tenant_id, ${c}) where ${c} is not null`),
      'create index brands_manufacturer on brands (tenant_id, manufacturer_party_id) where manufacturer_party_id is not null',
    ]);
  },
  async down(knex) {
    await dropTables(knex, TABLES);
  },
};
