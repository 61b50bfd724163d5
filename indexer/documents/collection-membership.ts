import type { SearchDocument } from '../../shared/search';
import { isInverted, parseRangeValue, type RangeValue } from '../../shared/listing/range-value';
import type { CollectionRule, FacetSource } from './site-config';

type Range = RangeValue;

const inRange = (n: number, r: Range) => (r.min === null || n >= r.min) && (r.max === null || n <= r.max);

/** How each facet key filters: a list of value keys, a number (range) or a flag (toggle). */
export type FacetKinds = Map<string, 'terms' | 'number' | 'flag'>;

export function facetKinds(facets: readonly FacetSource[]): FacetKinds {
  return new Map(facets.map((f) => [f.key, f.kind === 'attribute' && f.as !== undefined ? f.as : 'terms']));
}

/**
 * Whether the document passes one key of a collection filter, as a listing filtered the same way would
 * decide (listing rules 5, 7, 8): unknown keys, unparseable and inverted ranges are ignored (they pass);
 * a toggle's `false` is no opinion. Prices and stock are per market; each market the product is sold on counts.
 */
function matchesKey(doc: SearchDocument, key: string, values: readonly string[], kinds: FacetKinds): boolean {
  if (key === 'all') return true;
  const kind = key === 'price' ? 'number' : key === 'in-stock' ? 'flag' : kinds.get(key);
  if (kind === undefined) return true;
  const entries = (record: Record<string, number> | Record<string, boolean>, prefix: string) =>
    Object.entries(record).filter(([k]) => (key === 'price' || key === 'in-stock' ? k.startsWith(prefix) : k === key));
  if (kind === 'flag') return !values.includes('true') || entries(doc.flags, 'inStock.').some(([, on]) => on === true);
  if (kind === 'number') {
    const ranges = values.map(parseRangeValue).filter((r): r is Range => r !== null && !isInverted(r));
    if (ranges.length === 0) return true;
    return entries(doc.numbers, 'price.').some(([, n]) => ranges.some((r) => inRange(n as number, r)));
  }
  const held = doc.facets[key] ?? [];
  return values.some((v) => held.includes(v));
}

/**
 * Ids of the collections whose filter the document matches: every key must match (ANDed), any value of a
 * key may (ORed); `{"all": []}` matches everything.
 */
export function collectionIds(
  doc: SearchDocument,
  collections: readonly CollectionRule[],
  kinds: FacetKinds,
): number[] {
  return collections
    .filter((c) => Object.entries(c.filter).every(([key, values]) => matchesKey(doc, key, values, kinds)))
    .map((c) => c.id);
}
