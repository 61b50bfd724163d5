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

const TABLES = ['prices', 'warehouses', 'locations', 'stock', 'vendor_prices'];

/**
 * Prices per price list (one currency each) with VAT rate and compare-at price; warehouses, their
 * locations and stock per product and location; vendor prices with lead time and validity.
 */
export const pricesAndStock: Migration = {
  async up(knex) {
    await knex.schema.createTable('prices', (t) => {
      tenantOwned(t, { id: false });
      tenantRef(t, 'price_list_id', 'price_lists', { onDelete: 'CASCADE' });
      tenantRef(t, 'product_id', 'products', { onDelete: 'CASCADE' });
      // Denormalised from the price list so a price reads without a join; the FK keeps it honest.
      tenantRef(t, 'currency_code', 'currencies', { key: 'code', type: 'text' });
      decimal(t, 'amount');
      vatRate(t);
      decimal(t, 'compare_at', { nullable: true });
      timestamptz(t, knex, 'updated_at');
      t.primary(['tenant_id', 'price_list_id', 'product_id']);
      t.index(['tenant_id', 'product_id']);
      t.check('?? >= 0', ['amount'], 'prices_amount_not_negative');
    });
    await knex.schema.createTable('warehouses', (t) => {
      tenantOwned(t);
      t.text('code').notNullable();
      t.text('name').notNullable();
      t.text('country_code').nullable();
      t.boolean('active').notNullable().defaultTo(true);
      t.unique(['tenant_id', 'code']);
    });
    await knex.schema.createTable('locations', (t) => {
      tenantOwned(t);
      tenantRef(t, 'warehouse_id', 'warehouses', { onDelete: 'CASCADE' });
      t.text('code').notNullable();
      t.text('name').notNullable();
      t.unique(['tenant_id', 'warehouse_id', 'id']);
      t.unique(['tenant_id', 'warehouse_id', 'code']);
    });
    await knex.schema.createTable('stock', (t) => {
      tenantOwned(t, { id: false });
      tenantRef(t, 'product_id', 'products', { onDelete: 'CASCADE' });
      t.integer('warehouse_id').notNullable();
      t.integer('location_id').notNullable();
      decimal(t, 'qty_in_stock', { default: 0 });
      decimal(t, 'qty_incoming', { default: 0 });
      decimal(t, 'qty_outgoing', { default: 0 });
      timestamptz(t, knex, 'updated_at');
      t.primary(['tenant_id', 'product_id', 'warehouse_id', 'location_id']);
      // The location must belong to the warehouse.
      t.foreign(['tenant_id', 'warehouse_id', 'location_id'], 'stock_location_fk')
        .references(['tenant_id', 'warehouse_id', 'id'])
        .inTable('locations')
        .onDelete('CASCADE');
      t.index(['tenant_id', 'warehouse_id', 'product_id', 'location_id'], 'stock_by_warehouse');
      t.index(['tenant_id', 'location_id'], 'stock_by_location');
    });
    await knex.schema.createTable('vendor_prices', (t) => {
      tenantOwned(t);
      tenantRef(t, 'vendor_id', 'vendors', { onDelete: 'CASCADE' });
      tenantRef(t, 'product_id', 'products', { onDelete: 'CASCADE' });
      t.text('supplier_product_number').notNullable();
      decimal(t, 'price');
      tenantRef(t, 'currency_code', 'currencies', { key: 'code', type: 'text' });
      decimal(t, 'min_quantity', { default: 1 });
      t.integer('lead_time_days').nullable();
      timestamptz(t, knex, 'valid_from', { nullable: true });
      timestamptz(t, knex, 'valid_to', { nullable: true });
      timestamps(t, knex);
      t.index(['tenant_id', 'product_id', 'vendor_id'], 'vendor_prices_by_product');
      t.check(
        '?? is null or ?? is null or ?? <= ??',
        ['valid_from', 'valid_to', 'valid_from', 'valid_to'],
        'vendor_prices_validity',
      );
    });
    // Purchase-invoice matching looks receipts up by the vendor's own SKU.
    await runAll(knex, [
      'create index vendor_prices_by_vendor_sku on vendor_prices (tenant_id, vendor_id, supplier_product_number)',
    ]);
  },
  async down(knex) {
    await dropTables(knex, TABLES);
  },
};
