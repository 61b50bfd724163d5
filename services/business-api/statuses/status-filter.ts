import type { Knex } from 'knex';
import { enumFilter } from '../filters/identifier-filter';

/**
 * `statusKind` values (docs/decisions.md, "Business API resources"): each selects statuses by one flag, and
 * `all` drops the flag condition. Every list stays within its own document types whatever the kind.
 */
const STATUS_KINDS = ['intake', 'sales', 'purchase', 'all'] as const;
export type StatusKind = (typeof STATUS_KINDS)[number];

/** The status flag column each kind requires; `all` requires none. */
const STATUS_KIND_FLAG: Record<StatusKind, 'is_order_intake' | 'is_sales' | 'is_purchase' | null> = {
  intake: 'is_order_intake',
  sales: 'is_sales',
  purchase: 'is_purchase',
  all: null,
};

export const statusKindFilter = (natural: StatusKind) =>
  enumFilter(
    'statusKind',
    STATUS_KINDS,
    `Statuses by flag: intake (IsOrderIntake), sales (IsSales), purchase (IsPurchase), all (no flag). ` +
      `Default: ${natural}, unless statusId is given.`,
  );

export type StatusSelection = { statusId?: number; statusKind?: StatusKind };

/**
 * The status condition of a list over the statuses alias `statusAlias`: `statusId` pins one status, `statusKind`
 * selects by flag, both may be combined; with neither the list's natural kind applies.
 */
export function whereStatus(
  query: Knex.QueryBuilder,
  statusAlias: string,
  selection: StatusSelection,
  natural: StatusKind,
): void {
  if (selection.statusId !== undefined) query.where(`${statusAlias}.id`, selection.statusId);
  const kind = selection.statusKind ?? (selection.statusId === undefined ? natural : 'all');
  const flag = STATUS_KIND_FLAG[kind];
  if (flag) query.where(`${statusAlias}.${flag}`, true);
}
