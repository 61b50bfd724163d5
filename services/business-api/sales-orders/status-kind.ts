import type { StatusKind } from '../statuses/status-filter';

// Which records the /sales-orders endpoints answer for; `statusKind` itself is shared (statuses/status-filter.ts).

/** Sales documents: the only records /sales-orders lists (purchase orders never appear). */
export const SALES_DOCUMENT_TYPES = ['SALESORDER', 'SALESINVOICE', 'SALESCREDIT'] as const;

/** Status types of a sales order proper (rule 7: an invoice, credit or purchase-order id is not one). */
export const SALES_ORDER_TYPES = ['SALESORDER'] as const;

type KindInputs = { statusKind?: StatusKind; statusId?: number; email?: string; shopOrderNumber?: string };

/**
 * The kind in force: the one asked for; else `all` when a status is pinned (statusId) or when looking an
 * order up by e-mail or shop order number (the spec: without statusKind every status is searched); else intake.
 */
export function resolveStatusKind(inputs: KindInputs): StatusKind {
  if (inputs.statusKind !== undefined) return inputs.statusKind;
  const pinnedOrLookup =
    inputs.statusId !== undefined || inputs.email !== undefined || inputs.shopOrderNumber !== undefined;
  return pinnedOrLookup ? 'all' : 'intake';
}
