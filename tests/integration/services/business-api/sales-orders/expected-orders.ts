import type { Knex } from '../../../../../shared/db/knex';

/** A sales document as the tests expect the API to show it, plus the raw facts the filters are checked against. */
export type ExpectedOrder = {
  dto: Record<string, unknown>;
  type: string;
  intake: boolean;
  sales: boolean;
  purchase: boolean;
  customerId: number;
  customerName: string;
  currency: string;
  dateOrder: Date;
  dateDelivery: Date | null;
  dateInvoice: Date | null;
  totalIncVat: number;
  text: string[];
  invoiceNumber: number | null;
  activeEmails: string[];
  shopOrderNumber: string | null;
  importerKind: string | null;
};

const num = (v: unknown) => Number(v);
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/**
 * Every sales document of a tenant with its expected SalesOrderDto, computed here from the rows and the
 * definitions in docs/decisions.md (not with the service's own code), newest order date first.
 */
export async function expectedOrders(db: Knex, tenantId: number, now: Date): Promise<ExpectedOrder[]> {
  const orders = await db('orders as o')
    .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
    .join('customers as c', (j) => j.on('c.tenant_id', 'o.tenant_id').andOn('c.id', 'o.customer_id'))
    .leftJoin('importers as i', (j) => j.on('i.tenant_id', 'o.tenant_id').andOn('i.id', 'o.importer_id'))
    .where('o.tenant_id', tenantId)
    .whereNot('s.type', 'PURCHASEORDER')
    .select(
      'o.*',
      's.type',
      's.name as status_name',
      's.is_order_intake',
      's.is_sales',
      's.is_purchase',
      'c.name as customer_name',
      'c.orgno',
      'i.kind as importer_kind',
    );
  const lines = await db('order_lines').where('tenant_id', tenantId).select('order_id', 'quantity', 'qty_delivered');
  const emails = await db('order_emails').where({ tenant_id: tenantId, active: true }).select('order_id', 'email');
  return orders
    .map((o) => {
      const own = lines
        .filter((l) => l.order_id === o.id)
        .map((l) => ({ q: num(l.quantity), d: num(l.qty_delivered) }));
      const open = num(o.total_inc_vat) - num(o.paid_amount);
      const issuedInvoice = o.type === 'SALESINVOICE' && o.is_sales;
      const late =
        (issuedInvoice && o.date_due !== null && o.date_due < now && open > 0) ||
        (o.type === 'SALESORDER' &&
          o.is_order_intake &&
          o.date_delivery !== null &&
          o.date_delivery < now &&
          own.some((l) => l.d < l.q));
      const discrepancy =
        own.some((l) => Math.abs(l.d) > Math.abs(l.q)) || (issuedInvoice && own.some((l) => l.d !== l.q));
      return {
        dto: {
          id: o.id,
          name: o.name,
          customerId: o.customer_id,
          customerName: o.customer_name,
          customerOrgno: o.orgno,
          statusId: o.status_id,
          statusName: o.status_name,
          dateOrder: iso(o.date_order),
          dateDelivery: iso(o.date_delivery ?? o.date_order),
          dateInvoice: iso(o.date_invoice),
          dateDue: iso(o.date_due),
          totalExVat: num(o.total_ex_vat),
          totalVat: num(o.total_vat),
          totalIncVat: num(o.total_inc_vat),
          openAmount: Math.round(open * 10_000) / 10_000,
          isLate: late,
          isFullyPaid: open <= 0,
          hasShipmentDiscrepancy: discrepancy,
          currencyIsoCode: o.currency_code,
        },
        type: o.type,
        intake: o.is_order_intake,
        sales: o.is_sales,
        purchase: o.is_purchase,
        customerId: o.customer_id,
        customerName: o.customer_name,
        currency: o.currency_code,
        dateOrder: o.date_order,
        dateDelivery: o.date_delivery,
        dateInvoice: o.date_invoice,
        totalIncVat: num(o.total_inc_vat),
        invoiceNumber: o.invoice_number,
        text: [o.name, o.your_reference, o.shop_order_number, o.customer_name, o.orgno]
          .filter((t): t is string => t !== null)
          .map((t) => t.toLowerCase()),
        activeEmails: emails.filter((e) => e.order_id === o.id).map((e) => String(e.email).trim().toLowerCase()),
        shopOrderNumber: o.shop_order_number,
        importerKind: o.importer_kind,
      };
    })
    .sort((a, b) => b.dateOrder.getTime() - a.dateOrder.getTime() || num(b.dto.id) - num(a.dto.id));
}
