import type { Migration } from './index';
import { decimal, dropTables, runAll, tenantOwned, tenantRef, timestamps, timestamptz } from './schema-helpers';

const TABLES = [
  'receipts',
  'purchase_invoice_drafts',
  'purchase_invoice_draft_lines',
  'purchase_invoice_matches',
  'match_tolerances',
];

/**
 * Goods received against purchase-order lines (receipts: the spec's inventory transactions), supplier
 * invoices waiting as drafts, the (invoice line, receipt) pairs a person confirmed, and the per-tenant
 * tolerances of the matcher. Confirming pairs never books an invoice: `booked` is a separate step.
 */
export const purchasing: Migration = {
  async up(knex) {
    await knex.schema.createTable('receipts', (t) => {
      tenantOwned(t);
      t.integer('order_id').notNullable();
      t.integer('order_line_id').notNullable();
      t.foreign(['tenant_id', 'order_id', 'order_line_id'], 'receipts_order_line_fk')
        .references(['tenant_id', 'order_id', 'id'])
        .inTable('order_lines')
        .onDelete('CASCADE');
      tenantRef(t, 'product_id', 'products', { nullable: true });
      tenantRef(t, 'warehouse_id', 'warehouses', { nullable: true });
      decimal(t, 'quantity');
      decimal(t, 'unit_price');
      timestamptz(t, knex, 'received_at');
      t.boolean('booked').notNullable().defaultTo(false);
      timestamps(t, knex);
      t.index(['tenant_id', 'order_id', 'order_line_id']);
      t.index(['tenant_id', 'order_line_id']);
    });
    await knex.schema.createTable('purchase_invoice_drafts', (t) => {
      tenantOwned(t);
      tenantRef(t, 'vendor_id', 'vendors');
      t.text('invoice_number').notNullable();
      timestamptz(t, knex, 'invoice_date');
      timestamptz(t, knex, 'due_date', { nullable: true });
      // The purchase number the supplier quoted, if any (it may be wrong or missing).
      t.integer('po_number').nullable();
      tenantRef(t, 'currency_code', 'currencies', { key: 'code', type: 'text' });
      decimal(t, 'total_ex_vat', { default: 0 });
      t.boolean('booked').notNullable().defaultTo(false);
      timestamps(t, knex);
      t.unique(['tenant_id', 'vendor_id', 'invoice_number']);
    });
    await knex.schema.createTable('purchase_invoice_draft_lines', (t) => {
      tenantOwned(t, { id: false });
      tenantRef(t, 'draft_id', 'purchase_invoice_drafts', { onDelete: 'CASCADE' });
      t.integer('line_index').notNullable();
      t.text('product_number').nullable();
      t.text('vendor_sku').nullable();
      t.text('description').nullable();
      decimal(t, 'quantity');
      decimal(t, 'price');
      t.primary(['tenant_id', 'draft_id', 'line_index']);
    });
    await knex.schema.createTable('purchase_invoice_matches', (t) => {
      tenantOwned(t);
      t.integer('draft_id').notNullable();
      t.integer('invoice_line_index').notNullable();
      t.foreign(['tenant_id', 'draft_id', 'invoice_line_index'], 'purchase_invoice_matches_line_fk')
        .references(['tenant_id', 'draft_id', 'line_index'])
        .inTable('purchase_invoice_draft_lines')
        .onDelete('CASCADE');
      tenantRef(t, 'order_item_id', 'order_lines', { onDelete: 'CASCADE' });
      tenantRef(t, 'receipt_id', 'receipts', { onDelete: 'CASCADE' });
      decimal(t, 'qty');
      timestamptz(t, knex, 'created_at');
      t.unique(['tenant_id', 'draft_id', 'invoice_line_index', 'receipt_id'], {
        indexName: 'purchase_invoice_matches_pair',
      });
      t.index(['tenant_id', 'receipt_id'], 'purchase_invoice_matches_by_receipt');
      t.index(['tenant_id', 'order_item_id'], 'purchase_invoice_matches_by_order_item');
    });
    await knex.schema.createTable('match_tolerances', (t) => {
      tenantOwned(t, { id: false });
      t.primary(['tenant_id']);
      // Fractions: 0.05 means five percent.
      t.decimal('qty_percent', 6, 4).notNullable().defaultTo(0.05);
      t.decimal('price_percent', 6, 4).notNullable().defaultTo(0.02);
      t.integer('date_window_days').notNullable().defaultTo(30);
      t.integer('auto_eligible_score').notNullable().defaultTo(80);
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await runAll(knex, [
      'create index receipts_unbooked on receipts (tenant_id, order_id) where not booked',
      'create index purchase_invoice_drafts_by_vendor on purchase_invoice_drafts (tenant_id, vendor_id, invoice_date desc)',
      'create index purchase_invoice_drafts_by_po on purchase_invoice_drafts (tenant_id, po_number) where po_number is not null',
    ]);
  },
  async down(knex) {
    await dropTables(knex, TABLES);
  },
};
