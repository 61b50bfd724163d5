import type { Permission } from '../../../../shared/auth/scopes';
import { forbidden } from '../../../../shared/errors';

type AmountFields = { quantity?: unknown; price?: unknown; discountPercent?: unknown; vatRate?: unknown };

/**
 * The permissions a line change needs (rule 3; docs/decisions.md): `quantity` to set a quantity (every
 * add and delete sets one), `price` to set a price, discount or VAT rate. A field sent counts as a change.
 */
export function permissionsForLineChange(change: 'add' | 'patch' | 'delete', fields: AmountFields = {}): Permission[] {
  const needed = new Set<Permission>();
  if (change !== 'patch' || fields.quantity !== undefined) needed.add('quantity');
  if (change !== 'delete' && [fields.price, fields.discountPercent, fields.vatRate].some((v) => v !== undefined))
    needed.add('price');
  return [...needed];
}

/** 403 `forbidden` naming the first needed permission the caller lacks. */
export function requirePermissions(held: readonly Permission[], needed: readonly Permission[]): void {
  const missing = needed.find((p) => !held.includes(p));
  if (missing) throw forbidden('forbidden', `This change needs the permission '${missing}'.`);
}
