import { z } from 'zod';
import type { Db } from '../../../shared/db/knex';
import { dateTimeOut, isoOrNull } from './sales-order-dto';

const parcelDto = z
  .object({
    id: z.number().int(),
    carrier: z.string(),
    service: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    status: z.string().describe('As the carrier last reported it'),
    statusAt: dateTimeOut,
    shippedAt: dateTimeOut.nullable(),
    deliveredAt: dateTimeOut.nullable(),
    weightGrams: z.number().int().nullable(),
  })
  .meta({ id: 'SalesOrderParcelDto' });

const warehouseOrderDto = z
  .object({
    id: z.number().int(),
    warehouseId: z.number().int(),
    warehouseCode: z.string(),
    warehouseName: z.string(),
    externalRef: z.string().nullable(),
    status: z.string().describe('As the warehouse last reported it'),
    statusAt: dateTimeOut,
    parcels: z.array(parcelDto).describe("The warehouse order's outbound parcels"),
  })
  .meta({ id: 'SalesOrderWarehouseOrderDto' });

/** The order at the warehouses and with the carriers, as last observed (rule 9). */
export const salesOrderFulfilmentDto = z
  .object({
    orderId: z.number().int(),
    warehouseOrders: z
      .array(warehouseOrderDto)
      .describe('One entry per warehouse order, each with its outbound parcels'),
    otherParcels: z.array(parcelDto).describe('Outbound parcels not tied to a warehouse order'),
  })
  .meta({ id: 'SalesOrderFulfilmentDto' });

export type SalesOrderFulfilmentDto = z.infer<typeof salesOrderFulfilmentDto>;
type ParcelDto = z.infer<typeof parcelDto>;

type ParcelRow = {
  id: number;
  order_id: number;
  warehouse_order_id: number | null;
  carrier: string;
  service: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  status: string;
  status_at: Date;
  shipped_at: Date | null;
  delivered_at: Date | null;
  weight_grams: number | null;
};
type WarehouseOrderRow = {
  id: number;
  order_id: number;
  warehouse_id: number;
  warehouse_code: string;
  warehouse_name: string;
  external_ref: string | null;
  status: string;
  status_at: Date;
};

const toParcel = (p: ParcelRow): ParcelDto => ({
  id: p.id,
  carrier: p.carrier,
  service: p.service,
  trackingNumber: p.tracking_number,
  trackingUrl: p.tracking_url,
  status: p.status,
  statusAt: p.status_at.toISOString(),
  shippedAt: isoOrNull(p.shipped_at),
  deliveredAt: isoOrNull(p.delivered_at),
  weightGrams: p.weight_grams,
});

/** Fulfilment of each order (ids in the same order as given), in two queries. Return parcels are not shown. */
export async function loadFulfilment(
  db: Db,
  tenantId: number,
  orderIds: readonly number[],
): Promise<Map<number, SalesOrderFulfilmentDto>> {
  const result = new Map<number, SalesOrderFulfilmentDto>(
    orderIds.map((id) => [id, { orderId: id, warehouseOrders: [], otherParcels: [] }]),
  );
  if (!orderIds.length) return result;
  const [warehouseOrders, parcels] = await Promise.all([
    db('warehouse_orders as wo')
      .join('warehouses as w', (j) => j.on('w.tenant_id', 'wo.tenant_id').andOn('w.id', 'wo.warehouse_id'))
      .select(
        'wo.id',
        'wo.order_id',
        'wo.warehouse_id',
        'w.code as warehouse_code',
        'w.name as warehouse_name',
        'wo.external_ref',
        'wo.status',
        'wo.status_at',
      )
      .where('wo.tenant_id', tenantId)
      .whereIn('wo.order_id', [...orderIds])
      .orderBy('wo.id') as Promise<WarehouseOrderRow[]>,
    db('parcels')
      .select(
        'id',
        'order_id',
        'warehouse_order_id',
        'carrier',
        'service',
        'tracking_number',
        'tracking_url',
        'status',
        'status_at',
        'shipped_at',
        'delivered_at',
        'weight_grams',
      )
      .where({ tenant_id: tenantId, direction: 'outbound' })
      .whereIn('order_id', [...orderIds])
      .orderBy('id') as Promise<ParcelRow[]>,
  ]);
  const byWarehouseOrder = new Map<number, ParcelDto[]>();
  for (const wo of warehouseOrders) {
    const parcelsOf: ParcelDto[] = [];
    byWarehouseOrder.set(wo.id, parcelsOf);
    result.get(wo.order_id)?.warehouseOrders.push({
      id: wo.id,
      warehouseId: wo.warehouse_id,
      warehouseCode: wo.warehouse_code,
      warehouseName: wo.warehouse_name,
      externalRef: wo.external_ref,
      status: wo.status,
      statusAt: wo.status_at.toISOString(),
      parcels: parcelsOf,
    });
  }
  for (const p of parcels) {
    const under = p.warehouse_order_id === null ? undefined : byWarehouseOrder.get(p.warehouse_order_id);
    (under ?? result.get(p.order_id)?.otherParcels)?.push(toParcel(p));
  }
  return result;
}
