import type { Knex } from 'knex';
import type { Migration } from './index';
import { decimal, dropTables, runAll, tenantOwned, tenantRef, timestamps } from './schema-helpers';

const TABLES = ['customers', 'vendors', 'persons'];

function contactColumns(t: Knex.CreateTableBuilder): void {
  t.integer('contact_number').notNullable();
  t.text('name').notNullable();
  t.text('orgno').notNullable().defaultTo('');
  t.text('email').nullable();
  t.text('phone').nullable();
  t.text('country_code').nullable();
  tenantRef(t, 'currency_code', 'currencies', { key: 'code', type: 'text', nullable: true });
  t.boolean('inactive').notNullable().defaultTo(false);
  tenantRef(t, 'payment_term_id', 'payment_terms', { nullable: true });
}

/** Customers (with their credit and trade terms), vendors, and the people who report time. */
export const parties: Migration = {
  async up(knex) {
    await knex.schema.createTable('customers', (t) => {
      tenantOwned(t);
      contactColumns(t);
      decimal(t, 'credit_limit', { default: 0 });
      t.boolean('credit_stop').notNullable().defaultTo(false);
      tenantRef(t, 'delivery_term_id', 'delivery_terms', { nullable: true });
      tenantRef(t, 'price_list_id', 'price_lists', { nullable: true });
      tenantRef(t, 'vat_type_id', 'vat_types', { nullable: true });
      timestamps(t, knex);
      t.unique(['tenant_id', 'contact_number']);
    });
    await knex.schema.createTable('vendors', (t) => {
      tenantOwned(t);
      contactColumns(t);
      timestamps(t, knex);
      t.unique(['tenant_id', 'contact_number']);
    });
    await knex.schema.createTable('persons', (t) => {
      tenantOwned(t);
      t.text('name').notNullable();
      t.text('email').nullable();
      t.boolean('active').notNullable().defaultTo(true);
    });
    // `q` on /customers matches id, name or organisation number as free text: trigram indexes.
    await runAll(knex, [
      'create index customers_name_trgm on customers using gin (name gin_trgm_ops)',
      'create index customers_orgno_trgm on customers using gin (orgno gin_trgm_ops)',
      'create index customers_tenant_lower_name on customers (tenant_id, lower(name))',
      'create index customers_tenant_orgno on customers (tenant_id, orgno)',
      'create index vendors_tenant_name on vendors (tenant_id, lower(name))',
    ]);
  },
  async down(knex) {
    await dropTables(knex, TABLES);
  },
};
