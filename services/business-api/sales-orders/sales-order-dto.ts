import { z } from 'zod';
import { orderFlags } from './order-flags';

export const dateTimeOut = z.iso.datetime({ offset: true });

/** The list item of /sales-orders (spec: SalesOrderDto). */
export const salesOrderDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    customerId: z.number().int(),
    customerName: z.string(),
    customerOrgno: z.string(),
    statusId: z.number().int(),
    statusName: z.string(),
    dateOrder: dateTimeOut,
    dateDelivery: dateTimeOut,
    dateInvoice: dateTimeOut.nullable(),
    dateDue: dateTimeOut.nullable(),
    totalExVat: z.number(),
    totalVat: z.number(),
    totalIncVat: z.number(),
    openAmount: z.number(),
    isLate: z.boolean(),
    isFullyPaid: z.boolean(),
    hasShipmentDiscrepancy: z.boolean(),
    currencyIsoCode: z.string(),
  })
  .meta({ id: 'SalesOrderDto' });

export type SalesOrderDto = z.infer<typeof salesOrderDto>;

/** An order head as selected by `selectOrderHeads` (numeric columns arrive as strings from pg). */
export type OrderHeadRow = {
  id: number;
  name: string;
  customer_id: number;
  customer_name: string;
  customer_orgno: string;
  status_id: number;
  status_name: string;
  status_type: string;
  is_order_intake: boolean;
  is_sales: boolean;
  date_order: Date;
  date_delivery: Date | null;
  date_invoice: Date | null;
  date_due: Date | null;
  total_ex_vat: string;
  total_vat: string;
  total_inc_vat: string;
  open_amount: string;
  currency_code: string;
};

/** Facts about an order's lines that the flags need. */
export type LineFacts = { hasOpenQuantity: boolean; hasOverDelivery: boolean; hasDeliveryDifference: boolean };
export const NO_LINES: LineFacts = { hasOpenQuantity: false, hasOverDelivery: false, hasDeliveryDifference: false };

const iso = (d: Date) => d.toISOString();

/** A nullable timestamp column as a dateTimeOut value. */
export const isoOrNull = (d: Date | null): string | null => (d === null ? null : d.toISOString());

/** Row to DTO; an order without a delivery date reports its order date (the field is not nullable in the spec). */
export function toSalesOrderDto(row: OrderHeadRow, lines: LineFacts, now: Date): SalesOrderDto {
  const openAmount = Number(row.open_amount);
  const flags = orderFlags(
    {
      statusType: row.status_type,
      isIntake: row.is_order_intake,
      isSales: row.is_sales,
      dateDelivery: row.date_delivery,
      dateDue: row.date_due,
      totalIncVat: Number(row.total_inc_vat),
      openAmount,
      ...lines,
    },
    now,
  );
  return {
    id: row.id,
    name: row.name,
    customerId: row.customer_id,
    customerName: row.customer_name,
    customerOrgno: row.customer_orgno,
    statusId: row.status_id,
    statusName: row.status_name,
    dateOrder: iso(row.date_order),
    dateDelivery: iso(row.date_delivery ?? row.date_order),
    dateInvoice: isoOrNull(row.date_invoice),
    dateDue: isoOrNull(row.date_due),
    totalExVat: Number(row.total_ex_vat),
    totalVat: Number(row.total_vat),
    totalIncVat: Number(row.total_inc_vat),
    openAmount,
    ...flags,
    currencyIsoCode: row.currency_code,
  };
}
