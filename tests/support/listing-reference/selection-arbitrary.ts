import fc from 'fast-check';
import { joinValues } from '../../../shared/listing/filter-grammar';
import type { RefCatalogue } from './reference-catalogue';
import type { RefSelection } from './reference-listing';

/** One random listing call: its selection in reference terms, and the query parameters that ask for it. */
export interface GeneratedListing {
  selection: RefSelection;
  params: string[];
  sort: string | null;
}

/**
 * Random filter combinations over the catalogue's own values (brand and category facets favoured), with some
 * values that match nothing (and need escaping), price ranges from the catalogue's prices and beyond
 * (open, negative, inverted), in-stock true / false, and a sort.
 */
export function listingArbitrary(
  ref: RefCatalogue,
  known: Map<string, string[]>,
  amounts: number[],
): fc.Arbitrary<GeneratedListing> {
  const valueFacets = ref.facets.map((f) => f.key);
  const favoured = ['brand', ...ref.facets.filter((f) => f.kind === 'category').map((f) => f.key)];
  const bound = fc.option(fc.oneof(fc.constantFrom(...amounts), fc.integer({ min: -20, max: 5000 }), fc.constant(0)), {
    nil: null,
  });
  const pick = fc.record({
    facet: fc.oneof(
      { arbitrary: fc.constantFrom(...favoured), weight: 2 },
      { arbitrary: fc.constantFrom(...valueFacets), weight: 1 },
    ),
    indexes: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    junk: fc.option(fc.constantFrom('no-such-value', 'a,b', 'back\\slash'), { freq: 4 }),
  });
  const generated = fc.record({
    market: fc.constantFrom('m1', 'm1', 'm2'),
    picks: fc.array(pick, { maxLength: 3 }),
    price: fc.option(fc.tuple(bound, bound), { freq: 2 }),
    inStock: fc.constantFrom<'true' | 'false' | null>('true', 'false', null, null),
    sort: fc.constantFrom(null, 'price_asc', 'price_desc', 'name_asc', 'newest'),
  });
  return generated.map(({ market, picks, price, inStock, sort }) => {
    const values = new Map<string, string[]>();
    for (const p of picks) {
      const pool = known.get(p.facet)!;
      const chosen = pool.length === 0 ? [] : p.indexes.map((i) => pool[i % pool.length]!);
      values.set(p.facet, [
        ...new Set([...(values.get(p.facet) ?? []), ...chosen, ...(p.junk === null ? [] : [p.junk])]),
      ]);
    }
    const params = [...values].map(([k, v]) => `filter[${k}]=${encodeURIComponent(joinValues(v))}`);
    const [min, max] = price ?? [null, null];
    // An inverted range is ignored (with a warning), as is one with no bound at all.
    const range =
      price === null || (min === null && max === null) || (min !== null && max !== null && min > max)
        ? null
        : { min, max };
    if (price !== null && (min !== null || max !== null)) params.push(`filter[price]=${min ?? ''}-${max ?? ''}`);
    if (inStock !== null) params.push(`filter[in-stock]=${inStock}`);
    if (sort !== null) params.push(`sort=${sort}`);
    return { selection: { market, values, price: range, inStock: inStock === 'true' }, params, sort };
  });
}
