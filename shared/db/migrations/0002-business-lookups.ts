import type { Migration } from './index';
import { dropTables, oneOf, tenantOwned, tenantRef, timestamps } from './schema-helpers';

export const STATUS_TYPES = ['SALESORDER', 'SALESINVOICE', 'SALESCREDIT', 'PURCHASEORDER'] as const;
export const IMPORTER_KINDS = ['webshop', 'payment'] as const;

const TABLES = ['currencies', 'statuses', 'payment_terms', 'delivery_terms', 'vat_types', 'price_lists', 'importers'];

/**
 * Per-tenant lookups: currencies, statuses (whose type tells the four document kinds apart), payment and
 * delivery terms, VAT types, price lists, and the known webshop / payment importers of orders.
 * Also enables pg_trgm, which the free-text (`q`) indexes of later migrations use.
 */
export const businessLookups: Migration = {
  async up(knex) {
    await knex.raw('create extension if not exists pg_trgm');
    await knex.schema.createTable('currencies', (t) => {
      tenantOwned(t);
      t.text('code').notNullable();
      t.text('name').notNullable();
      t.smallint('decimals').notNullable().defaultTo(2);
      t.unique(['tenant_id', 'code']);
      t.check("?? ~ '^[A-Z]{3}$'", ['code'], 'currencies_code_iso');
    });
    await knex.schema.createTable('statuses', (t) => {
      tenantOwned(t);
      oneOf(t, 'type', STATUS_TYPES);
      t.text('name').notNullable();
      t.boolean('is_order_intake').notNullable().defaultTo(false);
      t.boolean('is_sales').notNullable().defaultTo(false);
      t.boolean('is_purchase').notNullable().defaultTo(false);
      t.smallint('position').notNullable().defaultTo(0);
      t.boolean('active').notNullable().defaultTo(true);
      t.unique(['tenant_id', 'type', 'name']);
    });
    await knex.schema.createTable('payment_terms', (t) => {
      tenantOwned(t);
      t.text('code').notNullable();
      t.text('name').notNullable();
      t.smallint('days').notNullable().defaultTo(30);
      t.boolean('prepaid').notNullable().defaultTo(false);
      t.unique(['tenant_id', 'code']);
    });
    await knex.schema.createTable('delivery_terms', (t) => {
      tenantOwned(t);
      t.text('code').notNullable();
      t.text('name').notNullable();
      t.unique(['tenant_id', 'code']);
    });
    await knex.schema.createTable('vat_types', (t) => {
      tenantOwned(t);
      t.text('code').notNullable();
      t.text('name').notNullable();
      t.boolean('reverse_charge').notNullable().defaultTo(false);
      t.boolean('export').notNullable().defaultTo(false);
      t.unique(['tenant_id', 'code']);
    });
    await knex.schema.createTable('price_lists', (t) => {
      tenantOwned(t);
      t.text('code').notNullable();
      t.text('name').notNullable();
      tenantRef(t, 'currency_code', 'currencies', { key: 'code', type: 'text' });
      t.boolean('prices_include_vat').notNullable().defaultTo(true);
      t.boolean('active').notNullable().defaultTo(true);
      timestamps(t, knex);
      t.unique(['tenant_id', 'code']);
    });
    await knex.schema.createTable('importers', (t) => {
      tenantOwned(t);
      t.text('code').notNullable();
      t.text('name').notNullable();
      oneOf(t, 'kind', IMPORTER_KINDS);
      t.unique(['tenant_id', 'code']);
    });
  },
  async down(knex) {
    await dropTables(knex, TABLES);
    await knex.raw('drop extension if exists pg_trgm');
  },
};
