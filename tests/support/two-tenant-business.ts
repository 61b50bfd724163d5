import type { Knex } from '../../shared/db/knex';
import { saveSite } from '../../shared/storefront-config/drafts';
import { createKey } from '../../shared/storefront-config/keys';
import { SEED_AS_OF, seedSmallTenant } from './business-data';
import { seedAdminDraft, type AdminDraft } from './storefront-admin-fixture';

/**
 * Two seeded tenants, and in tenant A one record of every kind a business-api route addresses by id, each with an
 * id tenant B does not have (seeded tenants share ids 1..n): a request from B for one of them can only succeed by
 * reading across tenants.
 */
export type OnlyInA = {
  customer: number;
  order: number;
  /** Lines of `order`: one a matrix may change, one it may delete. */
  line: number;
  spareLine: number;
  /** A purchase-invoice draft with one line, the receipt that matches it and that receipt's order line. */
  draft: { id: number; receipt: number; orderItem: number };
  /** A draft invoicing every unbooked receipt of purchase order `orderId`. */
  wholeOrderDraft: { id: number; orderId: number };
  /** A storefront site (site ids are unique across tenants), its draft holding two of each entity (see seedAdminDraft). */
  site: number;
  /** A storefront API key of `site`. */
  siteKey: number;
} & AdminDraft;

type Receipt = {
  id: number;
  order_id: number;
  order_line_id: number;
  quantity: string;
  unit_price: string;
  vendor_id: number;
  purchase_number: number;
  product_number: string;
};

/** A copy of the tenant's customer 1 (so its currency, VAT type and price list resolve) under a fresh id. */
async function copyCustomer(db: Knex, tenantId: number, id: number): Promise<number> {
  const row = (await db('customers').where({ tenant_id: tenantId, id: 1 }).first()) as Record<string, unknown>;
  await db('customers').insert({ ...row, id, contact_number: id, name: `Only in tenant ${tenantId}` });
  return id;
}

/** A draft from the receipts' vendor with one line per receipt, quantity and price as received. */
async function draftOf(db: Knex, tenantId: number, id: number, receipts: Receipt[]): Promise<number> {
  const [first] = receipts;
  if (first === undefined) throw new Error('a draft needs at least one receipt');
  await db('purchase_invoice_drafts').insert({
    tenant_id: tenantId,
    id,
    vendor_id: first.vendor_id,
    invoice_number: `AUTHZ-${id}`,
    invoice_date: SEED_AS_OF,
    po_number: first.purchase_number,
    currency_code: 'SEK',
  });
  await db('purchase_invoice_draft_lines').insert(
    receipts.map((r, index) => ({
      tenant_id: tenantId,
      draft_id: id,
      line_index: index,
      product_number: r.product_number,
      description: r.product_number,
      quantity: r.quantity,
      price: r.unit_price,
    })),
  );
  return id;
}

/** The receipts of the tenant's first two purchase orders that have any, made unbooked (the seed books most). */
async function receiptsOfTwoOrders(db: Knex, tenantId: number): Promise<Receipt[][]> {
  const orders = (
    await db('receipts').where({ tenant_id: tenantId }).distinct('order_id').orderBy('order_id').limit(2)
  ).map((r: { order_id: number }) => r.order_id);
  await db('receipts').where({ tenant_id: tenantId }).whereIn('order_id', orders).update({ booked: false });
  const rows: Receipt[] = await db('receipts as r')
    .join('orders as o', (j) => j.on('o.tenant_id', 'r.tenant_id').andOn('o.id', 'r.order_id'))
    .join('order_lines as ol', (j) => j.on('ol.tenant_id', 'r.tenant_id').andOn('ol.id', 'r.order_line_id'))
    .where('r.tenant_id', tenantId)
    .whereIn('r.order_id', orders)
    .orderBy('r.id')
    .select(
      'r.id',
      'r.order_id',
      'r.order_line_id',
      'r.quantity',
      'r.unit_price',
      'o.vendor_id',
      'o.purchase_number',
      'ol.product_number',
    );
  return orders.map((id) => rows.filter((r) => r.order_id === id));
}

export async function twoTenantBusiness(
  db: Knex,
  seeds: { a: number; b: number },
): Promise<{ tenantA: number; tenantB: number; onlyInA: OnlyInA }> {
  const tenantA = await seedSmallTenant(db, `authz-a-${seeds.a}`, seeds.a);
  const tenantB = await seedSmallTenant(db, `authz-b-${seeds.b}`, seeds.b);
  const fresh = 880_001;
  const customer = await copyCustomer(db, tenantA, fresh);
  await db('orders').insert({
    tenant_id: tenantA,
    id: fresh,
    status_id: 2,
    customer_id: customer,
    name: 'Only in A',
    currency_code: 'SEK',
    date_order: SEED_AS_OF,
    date_delivery: SEED_AS_OF,
  });
  const lines = await db('order_lines')
    .insert(
      [1, 2].map((position) => ({
        tenant_id: tenantA,
        order_id: fresh,
        position,
        product_number: `AUTHZ-${position}`,
        description: 'Matrix line',
        quantity: 1,
        price: 100,
        vat_rate: 25,
        sum_ex_vat: 100,
        sum_vat: 25,
        sum_inc_vat: 125,
      })),
    )
    .returning<{ id: number }[]>('id');
  const [whole, single] = await receiptsOfTwoOrders(db, tenantA);
  if (whole?.[0] === undefined || single?.[0] === undefined)
    throw new Error('the seed made fewer than two purchase orders with receipts');
  const draft = {
    id: await draftOf(db, tenantA, fresh, [single[0]]),
    receipt: single[0].id,
    orderItem: single[0].order_line_id,
  };
  const wholeOrderDraft = { id: await draftOf(db, tenantA, fresh + 1, whole), orderId: whole[0].order_id };
  const site = await saveSite(db, tenantA, { code: 'only-in-a', name: 'Only in A', ecomSiteId: 1 });
  const admin = await seedAdminDraft(db, tenantA, site);
  const siteKey = (await createKey(db, tenantA, site, 'secret', 'only in A')).key.id;
  return {
    tenantA,
    tenantB,
    onlyInA: {
      customer,
      order: fresh,
      line: lines[0]?.id ?? 0,
      spareLine: lines[1]?.id ?? 0,
      draft,
      wholeOrderDraft,
      site,
      siteKey,
      ...admin,
    },
  };
}
