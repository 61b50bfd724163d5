import type { TextDecoder } from 'node:util';
import { facetRelaxes, isRelaxable } from '../../facet-relaxation';
import { priceField } from '../../field-keys';
import type { Filter } from '../../filters';
import { pageWindow } from '../../page-window';
import type { SearchRequest, SearchResponse } from '../../search-request';
import { andInto, popcount } from '../bitset';
import type { FacetContext } from './facet-compute';
import { computeFacet } from './facet-compute';
import { filterInto } from './filter-bits';
import { toHits } from './hits';
import type { IndexRuntime } from './index-runtime';
import { pageAlongOrder, pageByOrdinal, pageByScore } from './paging';
import { matchText } from './text-match';

/** A filter evaluated on its own so facets it relaxes can leave it out. */
interface RelaxableFilter {
  filter: Filter;
  bits: Uint32Array;
}

/** Runs one search synchronously on an index (see SearchRequest for the contract). */
export function runSearch(runtime: IndexRuntime, request: SearchRequest, decoder: TextDecoder): SearchResponse {
  const { data, scratch } = runtime;
  scratch.reset();
  const base = scratch.acquire();
  const spare = scratch.acquire();
  base.set(runtime.market(request.market));
  const scored = matchText(runtime, request.language, request.text ?? '', spare);
  if (scored) andInto(base, spare);
  const relaxable: RelaxableFilter[] = [];
  for (const filter of request.scope ?? []) applyFilter(runtime, filter, base, spare);
  for (const filter of request.filters ?? []) {
    if (!isRelaxable(filter)) applyFilter(runtime, filter, base, spare);
    else relaxable.push({ filter, bits: evaluate(runtime, filter, spare) });
  }
  const final = scratch.acquire();
  final.set(base);
  for (const r of relaxable) andInto(final, r.bits);
  const total = popcount(final);
  const { from, size } = pageWindow(request.page, request.pageSize);
  const ordinals = pageOf(runtime, request, final, from, size, scored);
  const hits = toHits(data, ordinals, scored ? scratch.scores : null, decoder);
  const finalContext: FacetContext = { bits: final, size: total, market: request.market, language: request.language };
  const facets = (request.facets ?? []).map((facet) => {
    const kept = relaxable.filter((r) => !facetRelaxes(facet, r.filter));
    const context = kept.length === relaxable.length ? finalContext : contextWithout(runtime, base, kept, finalContext);
    return computeFacet(runtime, facet, context);
  });
  return { total, hits, facets };
}

function applyFilter(runtime: IndexRuntime, filter: Filter, target: Uint32Array, spare: Uint32Array): void {
  const bits = runtime.scratch.acquire();
  filterInto(runtime.data, filter, bits, spare);
  andInto(target, bits);
}

function evaluate(runtime: IndexRuntime, filter: Filter, spare: Uint32Array): Uint32Array {
  const bits = runtime.scratch.acquire();
  filterInto(runtime.data, filter, bits, spare);
  return bits;
}

function contextWithout(runtime: IndexRuntime, base: Uint32Array, kept: RelaxableFilter[], like: FacetContext): FacetContext {
  const bits = runtime.scratch.acquire();
  bits.set(base);
  for (const r of kept) andInto(bits, r.bits);
  return { ...like, bits, size: popcount(bits) };
}

function pageOf(runtime: IndexRuntime, request: SearchRequest, bits: Uint32Array, skip: number, take: number, scored: boolean): number[] {
  const { data, scratch } = runtime;
  const sort = request.sort ?? 'relevance';
  if (sort === 'relevance') return scored ? pageByScore(bits, scratch.scores, skip, take) : pageAlongOrder(data.popularOrder, bits, skip, take);
  if (sort === 'newest') return pageAlongOrder(data.newestOrder, bits, skip, take);
  if (sort === 'name_asc') {
    const order = data.nameOrder.get(request.language);
    return order === undefined ? pageByOrdinal(bits, skip, take) : pageAlongOrder(order, bits, skip, take);
  }
  const price = data.numbers.get(priceField(request.market));
  if (price === undefined) return pageByOrdinal(bits, skip, take);
  return pageAlongOrder(sort === 'price_asc' ? price.ascending : price.descending, bits, skip, take, price.values);
}
