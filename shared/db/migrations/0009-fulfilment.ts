import type { Migration } from './index';
import { dropTables, oneOf, runAll, tenantOwned, tenantRef, timestamps, timestamptz } from './schema-helpers';

export const PARCEL_DIRECTIONS = ['outbound', 'return'] as const;

const TABLES = ['warehouse_orders', 'parcels'];

/**
 * Fulfilment of an order as last observed: one warehouse order per warehouse that picks it, and the
 * parcels the carriers carry, with tracking and the last status seen.
 */
export const fulfilment: Migration = {
  async up(knex) {
    await knex.schema.createTable('warehouse_orders', (t) => {
      tenantOwned(t);
      tenantRef(t, 'order_id', 'orders', { onDelete: 'CASCADE' });
      tenantRef(t, 'warehouse_id', 'warehouses');
      t.text('external_ref').nullable();
      t.text('status').notNullable();
      timestamptz(t, knex, 'status_at');
      timestamps(t, knex);
      t.index(['tenant_id', 'order_id']);
      t.index(['tenant_id', 'warehouse_id']);
    });
    await knex.schema.createTable('parcels', (t) => {
      tenantOwned(t);
      tenantRef(t, 'order_id', 'orders', { onDelete: 'CASCADE' });
      tenantRef(t, 'warehouse_order_id', 'warehouse_orders', { nullable: true, onDelete: 'SET NULL' });
      oneOf(t, 'direction', PARCEL_DIRECTIONS);
      t.text('carrier').notNullable();
      t.text('service').nullable();
      t.text('tracking_number').nullable();
      t.text('tracking_url').nullable();
      t.text('status').notNullable();
      timestamptz(t, knex, 'status_at');
      timestamptz(t, knex, 'shipped_at', { nullable: true });
      timestamptz(t, knex, 'delivered_at', { nullable: true });
      t.integer('weight_grams').nullable();
      timestamps(t, knex);
      t.index(['tenant_id', 'order_id']);
    });
    await runAll(knex, [
      'create index parcels_by_warehouse_order on parcels (tenant_id, warehouse_order_id) where warehouse_order_id is not null',
      'create index parcels_by_tracking on parcels (tenant_id, tracking_number) where tracking_number is not null',
    ]);
  },
  async down(knex) {
    await dropTables(knex, TABLES);
  },
};
