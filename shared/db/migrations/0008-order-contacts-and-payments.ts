import type { Knex } from 'knex';
import type { Migration } from './index';
import { decimal, dropTables, oneOf, runAll, tenantOwned, tenantRef, timestamps, timestamptz } from './schema-helpers';

export const CONTACT_KINDS = ['order', 'delivery', 'invoice'] as const;
export const PAYMENT_STATUSES = [
  'pending',
  'authorized',
  'captured',
  'partially_refunded',
  'refunded',
  'failed',
  'cancelled',
] as const;

const TABLES = ['order_emails', 'order_phones', 'order_addresses', 'order_payments'];

/** The columns every contact row of an order has: its order, what it is for, and whether it is current. */
function orderContact(t: Knex.CreateTableBuilder, knex: Knex): void {
  tenantOwned(t);
  tenantRef(t, 'order_id', 'orders', { onDelete: 'CASCADE' });
  oneOf(t, 'kind', CONTACT_KINDS);
  t.boolean('active').notNullable().defaultTo(true);
  timestamps(t, knex);
  t.index(['tenant_id', 'order_id']);
}

/**
 * The order's own contact details (never the customer's), including the invoice address, and its
 * payments as the payment providers report them.
 */
export const orderContactsAndPayments: Migration = {
  async up(knex) {
    await knex.schema.createTable('order_emails', (t) => {
      orderContact(t, knex);
      t.text('email').notNullable();
    });
    await knex.schema.createTable('order_phones', (t) => {
      orderContact(t, knex);
      t.text('phone').notNullable();
    });
    await knex.schema.createTable('order_addresses', (t) => {
      orderContact(t, knex);
      for (const column of ['name', 'company', 'street', 'street2', 'postal_code', 'city', 'region'])
        t.text(column).nullable();
      t.text('country_code').notNullable();
    });
    await knex.schema.createTable('order_payments', (t) => {
      tenantOwned(t);
      tenantRef(t, 'order_id', 'orders', { onDelete: 'CASCADE' });
      t.text('provider').notNullable();
      t.text('provider_reference').notNullable();
      t.text('method').nullable();
      decimal(t, 'amount');
      decimal(t, 'captured_amount', { default: 0 });
      decimal(t, 'refunded_amount', { default: 0 });
      tenantRef(t, 'currency_code', 'currencies', { key: 'code', type: 'text' });
      oneOf(t, 'status', PAYMENT_STATUSES);
      timestamptz(t, knex, 'authorized_at', { nullable: true });
      timestamptz(t, knex, 'captured_at', { nullable: true });
      timestamps(t, knex);
      t.index(['tenant_id', 'order_id']);
    });
    // `email` on /sales-orders: exact match after trimming and lower-casing, on active rows only.
    await runAll(knex, [
      'create index order_emails_lower_email on order_emails (tenant_id, lower(btrim(email))) where active',
    ]);
  },
  async down(knex) {
    await dropTables(knex, TABLES);
  },
};
