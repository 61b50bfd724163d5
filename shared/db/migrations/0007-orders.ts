import type { Migration } from './index';
import {
  decimal,
  dropTables,
  runAll,
  tenantOwned,
  tenantRef,
  timestamps,
  timestamptz,
  vatRate,
} from './schema-helpers';

const TABLES = ['orders', 'order_lines'];

/**
 * One table for sales orders, sales invoices, credit invoices and purchase orders: the status's type
 * tells them apart. Sales documents name a customer, purchase orders a vendor. Totals are stored (kept
 * in step with the lines by whoever writes them) so lists can filter and sort on them.
 */
export const orders: Migration = {
  async up(knex) {
    await knex.schema.createTable('orders', (t) => {
      tenantOwned(t);
      tenantRef(t, 'status_id', 'statuses');
      tenantRef(t, 'customer_id', 'customers', { nullable: true });
      tenantRef(t, 'vendor_id', 'vendors', { nullable: true });
      t.text('name').notNullable();
      tenantRef(t, 'currency_code', 'currencies', { key: 'code', type: 'text' });
      tenantRef(t, 'price_list_id', 'price_lists', { nullable: true });
      tenantRef(t, 'payment_term_id', 'payment_terms', { nullable: true });
      tenantRef(t, 'delivery_term_id', 'delivery_terms', { nullable: true });
      tenantRef(t, 'vat_type_id', 'vat_types', { nullable: true });
      // Orders that came from a webshop or payment importer: its own order number as the buyer saw it.
      tenantRef(t, 'importer_id', 'importers', { nullable: true });
      t.text('shop_order_number').nullable();
      t.integer('purchase_number').nullable();
      t.integer('invoice_number').nullable();
      // A credit invoice points at the invoice it credits.
      tenantRef(t, 'credited_order_id', 'orders', { nullable: true });
      t.text('our_reference').nullable();
      t.text('your_reference').nullable();
      timestamptz(t, knex, 'date_order');
      timestamptz(t, knex, 'date_delivery', { nullable: true });
      timestamptz(t, knex, 'date_invoice', { nullable: true });
      timestamptz(t, knex, 'date_due', { nullable: true });
      decimal(t, 'total_ex_vat', { default: 0 });
      decimal(t, 'total_vat', { default: 0 });
      decimal(t, 'total_inc_vat', { default: 0 });
      decimal(t, 'paid_amount', { default: 0 });
      timestamps(t, knex);
      t.check('num_nonnulls(??, ??) = 1', ['customer_id', 'vendor_id'], 'orders_one_party');
    });
    await knex.schema.createTable('order_lines', (t) => {
      tenantOwned(t);
      tenantRef(t, 'order_id', 'orders', { onDelete: 'CASCADE' });
      t.smallint('position').notNullable();
      tenantRef(t, 'product_id', 'products', { nullable: true });
      t.text('product_number').notNullable().defaultTo('');
      t.text('description').notNullable().defaultTo('');
      decimal(t, 'quantity');
      decimal(t, 'qty_delivered', { default: 0 });
      decimal(t, 'price');
      t.decimal('discount_percent', 6, 3).notNullable().defaultTo(0);
      vatRate(t);
      decimal(t, 'sum_ex_vat');
      decimal(t, 'sum_vat');
      decimal(t, 'sum_inc_vat');
      tenantRef(t, 'warehouse_id', 'warehouses', { nullable: true });
      timestamptz(t, knex, 'date_delivery', { nullable: true });
      timestamps(t, knex);
      // Also the target of receipts' (order, line) key, and the lookup of an order's lines.
      t.unique(['tenant_id', 'order_id', 'id']);
    });
    await runAll(knex, [
      // Keyset paging, newest order date first, overall and per customer / status / vendor.
      'create index orders_by_date on orders (tenant_id, date_order desc, id desc)',
      'create index orders_by_customer on orders (tenant_id, customer_id, date_order desc, id desc) where customer_id is not null',
      'create index orders_by_status on orders (tenant_id, status_id, date_order desc, id desc)',
      'create index orders_by_vendor on orders (tenant_id, vendor_id, date_order desc, id desc) where vendor_id is not null',
      'create index orders_by_invoice_date on orders (tenant_id, date_invoice desc, id desc) where date_invoice is not null',
      'create index orders_by_due_date on orders (tenant_id, date_due) where date_due is not null',
      'create index orders_by_delivery_date on orders (tenant_id, date_delivery)',
      'create index orders_by_total on orders (tenant_id, total_inc_vat)',
      'create unique index orders_invoice_number on orders (tenant_id, invoice_number) where invoice_number is not null',
      'create unique index orders_purchase_number on orders (tenant_id, purchase_number) where purchase_number is not null',
      'create index orders_shop_order_number on orders (tenant_id, lower(shop_order_number)) where shop_order_number is not null',
      'create index orders_credited on orders (tenant_id, credited_order_id) where credited_order_id is not null',
      'create index orders_name_trgm on orders using gin (name gin_trgm_ops)',
      'create index order_lines_by_product on order_lines (tenant_id, product_id) where product_id is not null',
      'create index order_lines_by_warehouse on order_lines (tenant_id, warehouse_id) where warehouse_id is not null',
      // /open-order-lines: lines with quantity left to deliver.
      'create index order_lines_open on order_lines (tenant_id, order_id) where qty_delivered < quantity',
    ]);
  },
  async down(knex) {
    await dropTables(knex, TABLES);
  },
};
