/** What the SalesOrderDto flags are computed from: the order head and facts about its lines. */
export type FlagInputs = {
  statusType: string;
  isIntake: boolean;
  isSales: boolean;
  dateDelivery: Date | null;
  dateDue: Date | null;
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
 * - isFullyPaid: nothing left to pay (openAmount <= 0);
 * - hasShipmentDiscrepancy: a line delivered beyond its quantity, or an issued invoice whose delivered
 *   quantities differ from the invoiced ones.
 */
export function orderFlags(o: FlagInputs, now: Date): OrderFlags {
  const issuedInvoice = o.statusType === 'SALESINVOICE' && o.isSales;
  const overdue = issuedInvoice && o.dateDue !== null && o.dateDue < now && o.openAmount > 0;
  const bookedOrder = o.statusType === 'SALESORDER' && o.isIntake;
  const lateDelivery = bookedOrder && o.dateDelivery !== null && o.dateDelivery < now && o.hasOpenQuantity;
  return {
    isLate: overdue || lateDelivery,
    isFullyPaid: o.openAmount <= 0,
    hasShipmentDiscrepancy: o.hasOverDelivery || (issuedInvoice && o.hasDeliveryDifference),
  };
}
