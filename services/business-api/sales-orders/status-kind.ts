/**
 * Which statuses a /sales-orders listing selects. A status belongs to one document type and carries the
 * IsOrderIntake, IsSales and IsPurchase flags; `statusKind` selects statuses by flag (see docs/decisions.md).
 */
export const STATUS_KINDS = ['intake', 'sales', 'purchase', 'all'] as const;
export type StatusKind = (typeof STATUS_KINDS)[number];

/** The status flag column each kind requires; `all` requires none. */
export const STATUS_KIND_FLAG: Record<StatusKind, 'is_order_intake' | 'is_sales' | 'is_purchase' | null> = {
  intake: 'is_order_intake',
  sales: 'is_sales',
  purchase: 'is_purchase',
  all: null,
};

/** Sales documents: the only records /sales-orders lists (purchase orders never appear). */
export const SALES_DOCUMENT_TYPES = ['SALESORDER', 'SALESINVOICE', 'SALESCREDIT'] as const;

/** Status types of a sales order proper (rule 7: an invoice, credit or purchase-order id is not one). */
export const SALES_ORDER_TYPES = ['SALESORDER'] as const;

export const isStatusKind = (value: string): value is StatusKind => (STATUS_KINDS as readonly string[]).includes(value);

type KindInputs = { statusKind?: StatusKind; statusId?: number; email?: string; shopOrderNumber?: string };

/**
 * The kind in force: the one asked for; else `all` when a status is pinned (statusId) or when looking an
 * order up by e-mail or shop order number (the spec: without statusKind every status is searched); else intake.
 */
export function resolveStatusKind(inputs: KindInputs): StatusKind {
  if (inputs.statusKind !== undefined) return inputs.statusKind;
  const pinnedOrLookup = inputs.statusId !== undefined || inputs.email !== undefined || inputs.shopOrderNumber !== undefined;
  return pinnedOrLookup ? 'all' : 'intake';
}
