import type { Db } from '../../../shared/db/knex';
import { applyKeyset, toPage, type Keyset, type Page } from '../paging/keyset';
import type { AppliedPageSize } from '../paging/page-size';
import type { OpenOrderLineDto, OpenOrderLinesQuery } from './schemas';

type LineRow = {
  order_id: number;
  order_name: string;
  line_id: number;
  product_number: string;
  description: string;
  quantity: string;
  qty_delivered: string;
  qty_left: string;
  date_delivery: Date;
  customer_name: string;
  status_name: string;
};

/** Newest order first, then its lines. */
const KEYSET: Keyset = ['o.date_order', 'o.id', 'l.id'];

/**
 * One page of lines of the order book: sales orders (not yet invoiced) in an order-intake status, so previews and
 * cancelled orders never count as open.
 */
export async function listOpenOrderLines(
  db: Db,
  tenantId: number,
  f: OpenOrderLinesQuery,
  page: AppliedPageSize,
): Promise<Page<OpenOrderLineDto>> {
  const query = db('order_lines as l')
    .join('orders as o', (j) => j.on('o.tenant_id', 'l.tenant_id').andOn('o.id', 'l.order_id'))
    .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
    .join('customers as c', (j) => j.on('c.tenant_id', 'o.tenant_id').andOn('c.id', 'o.customer_id'))
    .where('l.tenant_id', tenantId)
    .andWhere('s.type', 'SALESORDER')
    .andWhere('s.is_order_intake', true)
    .select(
      'o.id as order_id',
      'o.name as order_name',
      'l.id as line_id',
      'l.product_number',
      'l.description',
      'l.quantity',
      'l.qty_delivered',
      db.raw('greatest(l.quantity - l.qty_delivered, 0) as qty_left'),
      db.raw('coalesce(l.date_delivery, o.date_delivery, o.date_order) as date_delivery'),
      'c.name as customer_name',
      's.name as status_name',
    );
  if (f.includeFullyDelivered !== true) query.whereRaw('l.qty_delivered < l.quantity');
  if (f.customerId !== undefined) query.where('o.customer_id', f.customerId);
  if (f.productId !== undefined) query.where('l.product_id', f.productId);
  if (f.warehouseId !== undefined) query.where('l.warehouse_id', f.warehouseId);
  const rows: LineRow[] = await applyKeyset(query, KEYSET, { cursor: f.cursor, size: page.size });
  return toPage(rows, KEYSET, page, (r) => ({
    orderId: r.order_id,
    orderName: r.order_name,
    lineId: r.line_id,
    productNumber: r.product_number,
    description: r.description,
    qtyOrdered: Number(r.quantity),
    qtyDelivered: Number(r.qty_delivered),
    qtyLeftToDeliver: Number(r.qty_left),
    dateDelivery: r.date_delivery.toISOString(),
    customerName: r.customer_name,
    statusName: r.status_name,
  }));
}
