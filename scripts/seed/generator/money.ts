/** Decimal string of an amount in cents ("12.30"). */
export function cents(amount: number): string {
  return (Math.round(amount) / 100).toFixed(2);
}

/** A retail-looking price in cents: whole krona/euro amounts ending in 9 (SEK) or .95 (EUR). */
export function retailPrice(amountCents: number, currency: 'SEK' | 'EUR'): number {
  if (currency === 'EUR') return Math.max(195, Math.floor(amountCents / 100) * 100 + 95);
  return Math.max(900, Math.round(amountCents / 1000) * 1000 - 100);
}
