import type { CustomerPlan, VendorPlan } from './parties';

export type DocType = 'SALESORDER' | 'SALESINVOICE' | 'SALESCREDIT' | 'PURCHASEORDER';

/** Goods received against a purchase-order line. */
export type ReceiptPlan = { qty: number; ms: number; booked: boolean };

export type LinePlan = {
  /** Assigned when the chunk of orders is assembled (0 until then). */
  id: number;
  sku: number;
  productId: number;
  productNumber: string;
  description: string;
  qty: number;
  delivered: number;
  /** Unit price excluding VAT, in cents of the order's currency. */
  priceCents: number;
  discount: number;
  vatRate: number;
  sumEx: number;
  sumVat: number;
  warehouseId: number;
  receipts: ReceiptPlan[];
};

export type OrderPlan = {
  index: number;
  id: number;
  type: DocType;
  statusId: number;
  name: string;
  customer: CustomerPlan | null;
  vendor: VendorPlan | null;
  currency: string;
  orderMs: number;
  deliveryMs: number;
  invoiceMs: number | null;
  dueMs: number | null;
  /** Whether the order has (or gets) an invoice number: issued invoices and credits. */
  numbered: boolean;
  invoiceNumber: number | null;
  purchaseNumber: number | null;
  importerId: number | null;
  shopOrderNumber: string | null;
  creditedOrderId: number | null;
  yourReference: string | null;
  lines: LinePlan[];
  totalEx: number;
  totalVat: number;
  paid: number;
};

/** Line sums (cents) from quantity, price and discount. */
export function withSums(line: Omit<LinePlan, 'sumEx' | 'sumVat'>): LinePlan {
  const sumEx = Math.round(line.qty * line.priceCents * (1 - line.discount / 100));
  return { ...line, sumEx, sumVat: Math.round((sumEx * line.vatRate) / 100) };
}

export function totals(lines: readonly LinePlan[]): { totalEx: number; totalVat: number } {
  let totalEx = 0;
  let totalVat = 0;
  for (const line of lines) {
    totalEx += line.sumEx;
    totalVat += line.sumVat;
  }
  return { totalEx, totalVat };
}
