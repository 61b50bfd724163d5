import type { SearchDocument } from '../../shared/search';
import type { CollectionRule } from './site-config';

const RANGE = /^(-?\d+(?:\.\d+)?)?-(-?\d+(?:\.\d+)?)?$/;

/** A range value of the listing grammar ("10-50", "-10--2", "-5" = at most 5, "10-" = at least 10), or null. */
export function parseRangeValue(value: string): { min: number | null; max: number | null } | null {
  const match = RANGE.exec(value.trim());
  if (match === null || (match[1] === undefined && match[2] === undefined)) return null;
  return { min: match[1] === undefined ? null : Number(match[1]), max: match[2] === undefined ? null : Number(match[2]) };
}

const inRange = (n: number | undefined, r: { min: number | null; max: number | null }) =>
  n !== undefined && (r.min === null || n >= r.min) && (r.max === null || n <= r.max);

/** Prices and stock flags are per market: a collection matches when any market the product is sold on does. */
function matchesKey(doc: SearchDocument, key: string, values: readonly string[]): boolean {
  if (key === 'all') return true;
  if (key === 'in-stock') return !values.includes('true') || Object.entries(doc.flags).some(([k, v]) => k.startsWith('inStock.') && v);
  const ranges = values.map(parseRangeValue);
  if (key === 'price') {
    const prices = Object.entries(doc.numbers).filter(([k]) => k.startsWith('price.')).map(([, n]) => n);
    return ranges.some((r) => r !== null && prices.some((p) => inRange(p, r)));
  }
  if (key in doc.numbers) return ranges.some((r) => r !== null && inRange(doc.numbers[key], r));
  if (key in doc.flags) return !values.includes('true') || doc.flags[key] === true;
  const held = doc.facets[key] ?? [];
  return values.some((v) => held.includes(v));
}

/**
 * Ids of the collections whose filter the document matches: every key must match (ANDed), any value of a
 * key may (ORed), as a listing filtered the same way would show it; `{"all": []}` matches everything.
 */
export function collectionIds(doc: SearchDocument, collections: readonly CollectionRule[]): number[] {
  return collections.filter((c) => Object.entries(c.filter).every(([key, values]) => matchesKey(doc, key, values))).map((c) => c.id);
}
