import { z } from 'zod';
import type { Db } from '../../../../shared/db/knex';
import { dateTimeOut, isoOrNull } from '../sales-order-dto';

/** One line of a sales order, as GET /sales-orders/{id}/lines returns it (and `include=lines` embeds it). */
export const salesOrderLineDto = z
  .object({
    id: z.number().int(),
    position: z.number().int(),
    productId: z.number().int().nullable(),
    productNumber: z.string(),
    description: z.string(),
    quantity: z.number(),
    qtyDelivered: z.number(),
    qtyLeftToDeliver: z.number(),
    price: z.number().describe('Unit price excluding VAT, in the order currency'),
    discountPercent: z.number(),
    vatRate: z.number().describe('VAT rate in percent'),
    sumExVat: z.number(),
    sumVat: z.number(),
    sumIncVat: z.number(),
    warehouseId: z.number().int().nullable(),
    dateDelivery: dateTimeOut.nullable(),
  })
  .meta({ id: 'SalesOrderLineDto' });

export type SalesOrderLineDto = z.infer<typeof salesOrderLineDto>;

type LineRow = {
  id: number;
  order_id: number;
  position: number;
  product_id: number | null;
  product_number: string;
  description: string;
  quantity: string;
  qty_delivered: string;
  qty_left: string;
  price: string;
  discount_percent: string;
  vat_rate: string;
  sum_ex_vat: string;
  sum_vat: string;
  sum_inc_vat: string;
  warehouse_id: number | null;
  date_delivery: Date | null;
};

const toLineDto = (r: LineRow): SalesOrderLineDto => ({
  id: r.id,
  position: r.position,
  productId: r.product_id,
  productNumber: r.product_number,
  description: r.description,
  quantity: Number(r.quantity),
  qtyDelivered: Number(r.qty_delivered),
  qtyLeftToDeliver: Number(r.qty_left),
  price: Number(r.price),
  discountPercent: Number(r.discount_percent),
  vatRate: Number(r.vat_rate),
  sumExVat: Number(r.sum_ex_vat),
  sumVat: Number(r.sum_vat),
  sumIncVat: Number(r.sum_inc_vat),
  warehouseId: r.warehouse_id,
  dateDelivery: isoOrNull(r.date_delivery),
});

/** The lines of each order, in position order (then id), in one query; orders without lines map to []. */
export async function loadLines(
  db: Db,
  tenantId: number,
  orderIds: readonly number[],
): Promise<Map<number, SalesOrderLineDto[]>> {
  const byOrder = new Map<number, SalesOrderLineDto[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return byOrder;
  const rows: LineRow[] = await db('order_lines')
    .select(
      'id',
      'order_id',
      'position',
      'product_id',
      'product_number',
      'description',
      'quantity',
      'qty_delivered',
      'price',
    )
    .select('discount_percent', 'vat_rate', 'sum_ex_vat', 'sum_vat', 'sum_inc_vat', 'warehouse_id', 'date_delivery')
    // Credit lines carry negative quantities: nothing is left to deliver once delivered reaches quantity either way.
    .select(
      db.raw(
        '(case when quantity >= 0 then greatest(quantity - qty_delivered, 0) else least(quantity - ' +
          'qty_delivered, 0) end)::text as qty_left',
      ),
    )
    .where('tenant_id', tenantId)
    .whereIn('order_id', [...orderIds])
    .orderBy([{ column: 'order_id' }, { column: 'position' }, { column: 'id' }]);
  for (const row of rows) byOrder.get(row.order_id)?.push(toLineDto(row));
  return byOrder;
}
