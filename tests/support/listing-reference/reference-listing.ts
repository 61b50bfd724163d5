import type { RefCatalogue, RefDoc } from './reference-catalogue';

/** A listing selection in the reference's terms: `any` value selections per facet, a price range, in-stock. */
export interface RefSelection {
  market: string;
  values: Map<string, string[]>;
  price: { min: number | null; max: number | null } | null;
  inStock: boolean;
}

export interface RefValueCount {
  value: string;
  count: number;
}

export interface RefListing {
  ids: Set<number>;
  /** Facet key -> every value with a positive count, by count descending then value (code units) ascending. */
  facets: Map<string, RefValueCount[]>;
  price: { min: number | null; max: number | null };
  inStockCount: number;
}

function matches(doc: RefDoc, s: RefSelection, skip: string | null): boolean {
  const offer = doc.offers.get(s.market);
  if (offer === undefined) return false;
  for (const [key, wanted] of s.values) {
    if (key === skip || wanted.length === 0) continue;
    const has = doc.values.get(key);
    if (has === undefined || !wanted.some((v) => has.has(v))) return false;
  }
  if (
    s.price !== null &&
    skip !== 'price' &&
    ((s.price.min !== null && offer.amount < s.price.min) || (s.price.max !== null && offer.amount > s.price.max))
  )
    return false;
  return !s.inStock || offer.inStock;
}

const byCountThenValue = (a: RefValueCount, b: RefValueCount) =>
  b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/**
 * The listing a selection should produce, by brute force: the matching products, and per facet the counts over
 * the products matching every other selection (disjunctive: an `any` facet ignores its own selection, the price
 * range facet ignores the price range; the in-stock toggle counts within every selection).
 */
export function referenceListing(catalogue: RefCatalogue, s: RefSelection): RefListing {
  const ids = new Set(catalogue.docs.filter((d) => matches(d, s, null)).map((d) => d.id));
  const facets = new Map<string, RefValueCount[]>();
  for (const facet of catalogue.facets) {
    const counts = new Map<string, number>();
    for (const doc of catalogue.docs) {
      if (!matches(doc, s, facet.key)) continue;
      for (const v of doc.values.get(facet.key) ?? []) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    facets.set(facet.key, [...counts].map(([value, count]) => ({ value, count })).sort(byCountThenValue));
  }
  const amounts = catalogue.docs.filter((d) => matches(d, s, 'price')).map((d) => d.offers.get(s.market)!.amount);
  const price =
    amounts.length === 0 ? { min: null, max: null } : { min: Math.min(...amounts), max: Math.max(...amounts) };
  const inStockCount = catalogue.docs.filter((d) => ids.has(d.id) && d.offers.get(s.market)!.inStock).length;
  return { ids, facets, price, inStockCount };
}
