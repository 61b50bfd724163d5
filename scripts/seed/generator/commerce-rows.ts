import { isReducedVat } from './catalogue-plan';
import type { SeedContext } from './context';
import { cents, retailPrice } from './money';
import type { VendorPlan } from './parties';
import { type Rng, STREAM, rngFor } from './random';
import { MARKET_VAT, PRICE_LIST, WAREHOUSES, firstLocationId } from './reference-data';
import { DAY_MS, iso } from './time';
import type { Row } from './types';

export const PRICE_COLUMNS = [
  'price_list_id',
  'product_id',
  'currency_code',
  'amount',
  'vat_rate',
  'compare_at',
] as const;
export const STOCK_COLUMNS = [
  'product_id',
  'warehouse_id',
  'location_id',
  'qty_in_stock',
  'qty_incoming',
  'qty_outgoing',
] as const;
export const VENDOR_PRICE_COLUMNS = [
  'id',
  'vendor_id',
  'product_id',
  'supplier_product_number',
  'price',
  'currency_code',
  'min_quantity',
  'lead_time_days',
  'valid_from',
  'valid_to',
] as const;

const SEK_PER = { SEK: 1, EUR: 11.2, USD: 10.4 } as const;

export const eurPrice = (sekCents: number) => retailPrice(sekCents / SEK_PER.EUR, 'EUR');

/** The vendor's own number for a product (what appears on its invoices): unique per product. */
export const supplierNumber = (vendor: VendorPlan, productId: number) =>
  `${vendor.code}-${(productId * 7 + 13).toString(36).toUpperCase()}`;

/** What the primary vendor charges for SKU `s`, in cents of the vendor's currency: about half the retail price. */
export function costPrice(ctx: SeedContext, s: number, vendor: VendorPlan): number {
  const plan = ctx.catalogue;
  const vat = isReducedVat(plan, plan.skuRoot[s]) ? MARKET_VAT.SEK.reduced : MARKET_VAT.SEK.standard;
  const factor = 0.45 + 0.15 * rngFor(ctx.seed, STREAM.vendorPrice, s).float();
  return Math.round(((plan.skuPriceSek[s] / (1 + vat / 100)) * factor) / SEK_PER[vendor.currency]);
}

/** SEK and EUR prices of every SKU of roots [from, to); a few products have no EUR price at all. */
export function* priceRows(ctx: SeedContext, from: number, to: number): Generator<Row> {
  const plan = ctx.catalogue;
  for (let i = from; i < to; i++) {
    const rng = rngFor(ctx.seed, STREAM.price, i);
    const compareAt = rng.chance(0.15) ? 1.2 + rng.float() * 0.4 : 0;
    const vat = isReducedVat(plan, i) ? 'reduced' : 'standard';
    for (let s = plan.firstSku[i]; s < plan.firstSku[i + 1]; s++) {
      const sek = plan.skuPriceSek[s];
      const id = plan.skuProduct[s];
      yield [
        PRICE_LIST.SEK,
        id,
        'SEK',
        cents(sek),
        MARKET_VAT.SEK[vat].toFixed(3),
        compareAt ? cents(retailPrice(sek * compareAt, 'SEK')) : null,
      ];
      if (plan.noEur[i]) continue;
      const eur = eurPrice(sek);
      yield [
        PRICE_LIST.EUR,
        id,
        'EUR',
        cents(eur),
        MARKET_VAT.EUR[vat].toFixed(3),
        compareAt ? cents(retailPrice(eur * compareAt, 'EUR')) : null,
      ];
    }
  }
}

const SHARE_PER_WAREHOUSE = [0.88, 0.3, 0.25];

function stockRow(rng: Rng, productId: number, warehouse: number, locations: number): Row {
  const inStock = rng.chance(0.12) ? 0 : 1 + Math.floor(rng.float() * rng.float() * 300);
  return [
    productId,
    warehouse,
    firstLocationId(warehouse) + rng.int(0, locations - 1),
    inStock,
    rng.chance(0.1) ? rng.int(5, 100) : 0,
    rng.chance(0.15) ? rng.int(1, Math.max(1, Math.min(20, inStock))) : 0,
  ];
}

/** Stock of every SKU: most in the main warehouse, some in the store and the German hub, some sold out. */
export function* stockRows(ctx: SeedContext, from: number, to: number): Generator<Row> {
  const plan = ctx.catalogue;
  for (let i = from; i < to; i++) {
    const rng = rngFor(ctx.seed, STREAM.stock, i);
    for (let s = plan.firstSku[i]; s < plan.firstSku[i + 1]; s++) {
      for (let w = 0; w < WAREHOUSES.length; w++) {
        const [warehouse, , , , locations] = WAREHOUSES[w];
        if (rng.chance(SHARE_PER_WAREHOUSE[w])) yield stockRow(rng, plan.skuProduct[s], warehouse, locations);
      }
    }
  }
}

function vendorPriceRow(
  ctx: SeedContext,
  vendor: VendorPlan,
  productId: number,
  price: number,
  rng: Rng,
  expired: boolean,
): Row {
  const from = expired ? ctx.asOfMs - 800 * DAY_MS : rng.chance(0.7) ? ctx.asOfMs - rng.int(30, 700) * DAY_MS : null;
  const to = expired
    ? ctx.asOfMs - rng.int(31, 200) * DAY_MS
    : rng.chance(0.2)
      ? ctx.asOfMs + rng.int(30, 365) * DAY_MS
      : null;
  return [
    ++ctx.ids.vendorPrice,
    vendor.id,
    productId,
    supplierNumber(vendor, productId),
    cents(price),
    vendor.currency,
    rng.pick([1, 1, 1, 5, 10]),
    rng.chance(0.1) ? null : rng.int(3, 45),
    from === null ? null : iso(from),
    to === null ? null : iso(to),
  ];
}

/** The primary vendor's price of every SKU, an expired older price for some, and a second vendor for a few. */
export function* vendorPriceRows(ctx: SeedContext, from: number, to: number): Generator<Row> {
  const plan = ctx.catalogue;
  for (let i = from; i < to; i++) {
    const rng = rngFor(ctx.seed, STREAM.vendorPriceRow, i);
    const primary = ctx.vendors[plan.vendor[i]];
    const second = plan.vendor2[i] >= 0 ? ctx.vendors[plan.vendor2[i]] : undefined;
    for (let s = plan.firstSku[i]; s < plan.firstSku[i + 1]; s++) {
      const id = plan.skuProduct[s];
      const cost = costPrice(ctx, s, primary);
      yield vendorPriceRow(ctx, primary, id, cost, rng, false);
      if (rng.chance(0.05)) yield vendorPriceRow(ctx, primary, id, Math.round(cost * 0.95), rng, true);
      if (second)
        yield vendorPriceRow(
          ctx,
          second,
          id,
          Math.round(costPrice(ctx, s, second) * (0.95 + rng.float() * 0.15)),
          rng,
          false,
        );
    }
  }
}
