import type { ResolvedSku } from './cart-catalogue';
import type { Cart, CartLine, LineFix } from './cart-types';
import { addDecimals, formatDecimal, lineTotalInc, sameAmount, ZERO } from './money';

/**
 * Warning codes of a cart answer. `PRODUCT_GONE` is the spec's; the other two are ours (docs/decisions.md,
 * "Storefront cart"): `QUANTITY_REDUCED` when a line was cut to the stock left, `PRICE_CHANGED` while a line's
 * price differs from the one it was added at.
 */
export type CartWarning = { code: 'PRODUCT_GONE' | 'QUANTITY_REDUCED' | 'PRICE_CHANGED'; lineId: string };

export interface ReconciledLine {
  stored: CartLine;
  quantity: number;
  resolved: ResolvedSku;
}

/**
 * The stored lines against the catalogue now (pure): what stays, at what quantity, and why anything changed. `fix`
 * is the clean-up a read makes persistent: lines no longer sold (or out of stock) dropped, quantities cut to stock.
 */
export function reconcile(
  lines: readonly CartLine[],
  resolved: ReadonlyMap<string, ResolvedSku | null>,
): { lines: ReconciledLine[]; warnings: CartWarning[]; fix: LineFix | null } {
  const kept: ReconciledLine[] = [];
  const warnings: CartWarning[] = [];
  const fix: LineFix = { drop: {}, cut: {} };
  for (const line of lines) {
    const now = resolved.get(line.sku) ?? null;
    if (now === null || now.stock <= 0) {
      warnings.push({ code: 'PRODUCT_GONE', lineId: line.id });
      fix.drop[line.id] = true;
      continue;
    }
    const quantity = Math.min(line.quantity, now.stock);
    if (quantity < line.quantity) {
      warnings.push({ code: 'QUANTITY_REDUCED', lineId: line.id });
      fix.cut[line.id] = quantity;
    }
    if (line.addedPrice.currency !== now.price.currency || !sameAmount(line.addedPrice.amount, now.price.amount))
      warnings.push({ code: 'PRICE_CHANGED', lineId: line.id });
    kept.push({ stored: line, quantity, resolved: now });
  }
  const changed = Object.keys(fix.drop).length > 0 || Object.keys(fix.cut).length > 0;
  return { lines: kept, warnings, fix: changed ? fix : null };
}

/** The spec's Cart (pure): lines as the catalogue shows them now, totals summed exactly. */
export function cartView(
  token: string,
  cart: Cart,
  currency: string,
  lines: readonly ReconciledLine[],
  warnings: readonly CartWarning[],
) {
  let subtotal = ZERO;
  for (const line of lines) subtotal = addDecimals(subtotal, lineTotalInc(line.resolved.price, line.quantity));
  const total = formatDecimal(subtotal);
  return {
    token,
    market: cart.market,
    currency,
    status: 'active' as const,
    version: cart.version,
    lines: lines.map(({ stored, quantity, resolved }) => ({
      id: stored.id,
      sku: stored.sku,
      quantity,
      price: resolved.price,
      image: resolved.image,
      product: resolved.product,
      variant: resolved.variant,
    })),
    // No shipping, fees or discounts exist in v1: the grand total is the subtotal.
    subtotalInc: total,
    grandTotalInc: total,
    warnings: [...warnings],
  };
}

export type CartView = ReturnType<typeof cartView>;
