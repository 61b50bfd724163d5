import { paymentState } from '../documents/payment-state';

/** What the SalesOrderDto flags are computed from: the order head and facts about its lines. */
export type FlagInputs = {
  statusType: string;
  isIntake: boolean;
  isSales: boolean;
  dateDelivery: Date | null;
  dateDue: Date | null;
  totalIncVat: number;
  openAmount: number;
  /** Some line still has quantity left to deliver. */
  hasOpenQuantity: boolean;
  /** Some line is delivered beyond its quantity. */
  hasOverDelivery: boolean;
  /** Some line's delivered quantity differs from its quantity. */
  hasDeliveryDifference: boolean;
};

export type OrderFlags = { isLate: boolean; isFullyPaid: boolean; hasShipmentDiscrepancy: boolean };

/**
 * The derived flags (definitions in docs/decisions.md, "Sales orders"):
 * - isLate: an issued invoice past its due date with money still open, or a booked order (intake status)
 *   past its delivery date with quantity still to deliver;
 * - isFullyPaid: nothing left to pay or, for a credit, to refund (documents/payment-state.ts, as on invoices);
 * - hasShipmentDiscrepancy: a line delivered beyond its quantity, or an issued invoice whose delivered
 *   quantities differ from the invoiced ones.
 */
export function orderFlags(o: FlagInputs, now: Date): OrderFlags {
  const issuedInvoice = o.statusType === 'SALESINVOICE' && o.isSales;
  const payment = paymentState(
    { totalIncVat: o.totalIncVat, openAmount: o.openAmount, dateDue: o.dateDue, issued: issuedInvoice },
    now,
  );
  const bookedOrder = o.statusType === 'SALESORDER' && o.isIntake;
  const lateDelivery = bookedOrder && o.dateDelivery !== null && o.dateDelivery < now && o.hasOpenQuantity;
  return {
    isLate: payment.isLate || lateDelivery,
    isFullyPaid: payment.isFullyPaid,
    hasShipmentDiscrepancy: o.hasOverDelivery || (issuedInvoice && o.hasDeliveryDifference),
  };
}
