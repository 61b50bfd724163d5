// Exact decimal arithmetic for cart totals: amounts are scaled bigints, never floats, so 0.1 + 0.2 is 0.30.

export interface Decimal {
  units: bigint;
  scale: number;
}

const TEN = 10n;

export function parseDecimal(raw: string): Decimal {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(raw.trim());
  if (match === null) throw new Error(`not a decimal: "${raw}"`);
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2]}${fraction}`);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

const rescale = (d: Decimal, scale: number): bigint => d.units * TEN ** BigInt(scale - d.scale);

export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export const ZERO: Decimal = { units: 0n, scale: 0 };

/** `units / 10^drop`, rounded half away from zero. */
function divideRounded(units: bigint, drop: number): bigint {
  if (drop <= 0) return units * TEN ** BigInt(-drop);
  const divisor = TEN ** BigInt(drop);
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return negative ? -rounded : rounded;
}

/** At least two decimals, otherwise only significant ones ("5" -> "5.00", "1.2300" -> "1.23", "0.125" -> "0.125"). */
export function formatDecimal(d: Decimal): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = digits
    .slice(digits.length - d.scale)
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

export interface LinePrice {
  amount: string;
  vatRate: string;
  vatIncluded: boolean;
}

/** Minor units of a currency: cart totals round VAT-exclusive lines to cents. */
const CURRENCY_SCALE = 2;

/**
 * A line's total including VAT: exact for a VAT-inclusive price; for a VAT-exclusive one the line's net total
 * times (100 + rate) / 100, rounded half away from zero to the cent (once per line, never per unit).
 */
export function lineTotalInc(price: LinePrice, quantity: number): Decimal {
  const amount = parseDecimal(price.amount);
  const net = { units: amount.units * BigInt(quantity), scale: amount.scale };
  if (price.vatIncluded) return net;
  const rate = parseDecimal(price.vatRate);
  const factor = rescale({ units: 100n, scale: 0 }, rate.scale) + rate.units;
  const scale = net.scale + rate.scale + 2;
  const exact = net.units * factor;
  return { units: divideRounded(exact, scale - CURRENCY_SCALE), scale: CURRENCY_SCALE };
}

export const sameAmount = (a: string, b: string): boolean => {
  if (a === b) return true;
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  return rescale(x, scale) === rescale(y, scale);
};
