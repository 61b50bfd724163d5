import type { Knex } from 'knex';
import { z } from 'zod';
import type { Db } from '../../../shared/db/knex';
import { loadLines, salesOrderLineDto } from './lines/line-dto';
import { noSuchOrder } from './lookup';
import { loadLineFacts, selectOrderHeads } from './order-heads';
import { dateTimeOut, NO_LINES, salesOrderDto, toSalesOrderDto, type OrderHeadRow } from './sales-order-dto';
import { SALES_ORDER_TYPES } from './status-kind';

/** GET /sales-orders/{id}: everything of the list item, the order's terms and references, and its lines. */
export const salesOrderDetailDto = salesOrderDto
  .extend({
    invoiceNumber: z.number().int().nullable(),
    yourReference: z.string().nullable(),
    ourReference: z.string().nullable(),
    shopOrderNumber: z.string().nullable(),
    importerCode: z.string().nullable().describe('The webshop or payment importer that created the order'),
    paidAmount: z.number(),
    priceListId: z.number().int().nullable(),
    paymentTermId: z.number().int().nullable(),
    paymentTermName: z.string().nullable(),
    deliveryTermId: z.number().int().nullable(),
    deliveryTermName: z.string().nullable(),
    vatTypeId: z.number().int().nullable(),
    vatTypeName: z.string().nullable(),
    createdAt: dateTimeOut,
    updatedAt: dateTimeOut,
    lines: z.array(salesOrderLineDto).describe('Equals GET /sales-orders/{id}/lines'),
  })
  .meta({ id: 'SalesOrderDetailDto' });

export type SalesOrderDetailDto = z.infer<typeof salesOrderDetailDto>;

type DetailRow = OrderHeadRow & {
  invoice_number: number | null;
  your_reference: string | null;
  our_reference: string | null;
  shop_order_number: string | null;
  importer_code: string | null;
  paid_amount: string;
  price_list_id: number | null;
  payment_term_id: number | null;
  payment_term_name: string | null;
  delivery_term_id: number | null;
  delivery_term_name: string | null;
  vat_type_id: number | null;
  vat_type_name: string | null;
  created_at: Date;
  updated_at: Date;
};

/** A left join on a tenant lookup table by the order's column. */
const lookupJoin = (table: string, alias: string, column: string) =>
  [
    `${table} as ${alias}`,
    (j: Knex.JoinClause) => j.on(`${alias}.tenant_id`, 'o.tenant_id').andOn(`${alias}.id`, column),
  ] as const;

/** Rule 7: 404 unless a sales order proper has this id in the tenant. */
export async function salesOrderDetail(db: Db, tenantId: number, id: number, now: Date): Promise<SalesOrderDetailDto> {
  const row = (await selectOrderHeads(db, tenantId, SALES_ORDER_TYPES)
    .leftJoin(...lookupJoin('importers', 'i', 'o.importer_id'))
    .leftJoin(...lookupJoin('payment_terms', 'pt', 'o.payment_term_id'))
    .leftJoin(...lookupJoin('delivery_terms', 'dt', 'o.delivery_term_id'))
    .leftJoin(...lookupJoin('vat_types', 'vt', 'o.vat_type_id'))
    .select(
      'o.invoice_number',
      'o.your_reference',
      'o.our_reference',
      'o.shop_order_number',
      'i.code as importer_code',
      'o.paid_amount',
    )
    .select(
      'o.price_list_id',
      'o.payment_term_id',
      'pt.name as payment_term_name',
      'o.delivery_term_id',
      'dt.name as delivery_term_name',
    )
    .select('o.vat_type_id', 'vt.name as vat_type_name', 'o.created_at', 'o.updated_at')
    .where('o.id', id)
    .first()) as DetailRow | undefined;
  if (!row) throw noSuchOrder(id);
  const [facts, lines] = await Promise.all([loadLineFacts(db, tenantId, [id]), loadLines(db, tenantId, [id])]);
  return {
    ...toSalesOrderDto(row, facts.get(id) ?? NO_LINES, now),
    invoiceNumber: row.invoice_number,
    yourReference: row.your_reference,
    ourReference: row.our_reference,
    shopOrderNumber: row.shop_order_number,
    importerCode: row.importer_code,
    paidAmount: Number(row.paid_amount),
    priceListId: row.price_list_id,
    paymentTermId: row.payment_term_id,
    paymentTermName: row.payment_term_name,
    deliveryTermId: row.delivery_term_id,
    deliveryTermName: row.delivery_term_name,
    vatTypeId: row.vat_type_id,
    vatTypeName: row.vat_type_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lines: lines.get(id) ?? [],
  };
}
