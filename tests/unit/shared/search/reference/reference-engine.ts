import {
  HIERARCHY_SEPARATOR,
  type FacetRequest,
  type FacetResult,
  type Filter,
  type SearchDocument,
  type SearchRequest,
} from '../../../../../shared/search';
import { textClauses } from '../../../../../shared/search/merchandising';
import { pinnedIds, tiered, tierOf } from './reference-merchandising';
import { ReferenceText } from './reference-text';

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Brute force: filter every document, count and sort in plain code. What the engine must equal. */
export class ReferenceEngine {
  private readonly docs: SearchDocument[];
  private readonly text: ReferenceText;

  constructor(docs: readonly SearchDocument[], languages: readonly string[]) {
    this.docs = [...docs].sort((a, b) => cmp(a.id, b.id));
    this.text = new ReferenceText(this.docs, languages);
  }

  search(request: SearchRequest): { total: number; ids: string[]; facets: FacetResult[] } {
    const hidden = new Set(request.hide ?? []);
    const pinned = new Set((request.pins ?? []).map((pin) => pin.id));
    const candidates = this.docs.filter(
      (doc) =>
        doc.markets.includes(request.market) &&
        !hidden.has(doc.id) &&
        (pinned.has(doc.id) || this.matchesText(doc, request)) &&
        (request.scope ?? []).every((f) => matches(doc, f)),
    );
    const filters = request.filters ?? [];
    const hits = candidates.filter((doc) => filters.every((f) => matches(doc, f)));
    const size = request.pageSize ?? 24;
    const from = ((request.page ?? 1) - 1) * size;
    const sorted = tiered(request, hits.sort(comparator(request)), matches);
    const facets = (request.facets ?? []).map((facet) => {
      const context = candidates.filter((doc) => filters.every((f) => relaxedBy(facet, f) || matches(doc, f)));
      return facetOf(facet, context, request.language);
    });
    return {
      total: hits.length,
      ids: pinnedIds(
        request.pins ?? [],
        sorted.map((d) => d.id),
        from,
        size,
      ),
      facets,
    };
  }

  /** The rank tier of a document under the request's boosts and buries (whatever the sort). */
  tier(request: SearchRequest, id: string): number {
    const doc = this.docs.find((d) => d.id === id);
    return doc === undefined ? Number.NaN : tierOf(request, doc, matches);
  }

  /** Plain words, or with synonyms the clauses of textClauses; no words is a listing. */
  private matchesText(doc: SearchDocument, request: SearchRequest): boolean {
    const text = request.text?.trim() ?? '';
    if ((request.synonyms ?? []).length === 0) return text === '' || this.text.matches(doc, request.language, text);
    return this.text.matchesClauses(doc, request.language, textClauses(text, request.synonyms));
  }
}

export function matches(doc: SearchDocument, filter: Filter): boolean {
  switch (filter.kind) {
    case 'terms':
    case 'hierarchy': {
      const wanted = filter.kind === 'terms' ? filter.values : filter.paths;
      const has = (v: string) => (doc.facets[filter.key] ?? []).includes(v);
      return wanted.length === 0 || (filter.match === 'any' ? wanted.some(has) : wanted.every(has));
    }
    case 'range': {
      const value = doc.numbers[filter.key];
      return (
        value !== undefined &&
        (filter.min === null || value >= filter.min) &&
        (filter.max === null || value <= filter.max)
      );
    }
    case 'toggle':
      return doc.flags[filter.key] === true;
  }
}

function relaxedBy(facet: FacetRequest, filter: Filter): boolean {
  if (facet.key !== filter.key) return false;
  if (facet.kind === 'range') return filter.kind === 'range';
  return (
    (facet.kind === 'terms' || facet.kind === 'hierarchy') &&
    (filter.kind === 'terms' || filter.kind === 'hierarchy') &&
    filter.match === 'any'
  );
}

function comparator(request: SearchRequest): (a: SearchDocument, b: SearchDocument) => number {
  const byId = (a: SearchDocument, b: SearchDocument) => cmp(a.id, b.id);
  const missingLast = (x: number | string | undefined, y: number | string | undefined, order: number): number => {
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
    return x === y ? 0 : (x < y ? -1 : 1) * order;
  };
  const price = (d: SearchDocument) => d.numbers[`price.${request.market}`];
  switch (request.sort ?? 'relevance') {
    case 'price_asc':
      return (a, b) => missingLast(price(a), price(b), 1) || byId(a, b);
    case 'price_desc':
      return (a, b) => missingLast(price(a), price(b), -1) || byId(a, b);
    case 'name_asc':
      return (a, b) =>
        missingLast(a.sortKeys.name[request.language], b.sortKeys.name[request.language], 1) || byId(a, b);
    case 'newest':
      return (a, b) => b.sortKeys.createdAt - a.sortKeys.createdAt || byId(a, b);
    case 'relevance':
      return (a, b) => (b.popularity ?? 0) - (a.popularity ?? 0) || byId(a, b);
  }
}

function facetOf(facet: FacetRequest, docs: SearchDocument[], language: string): FacetResult {
  if (facet.kind === 'toggle')
    return { kind: 'toggle', key: facet.key, count: docs.filter((d) => d.flags[facet.key] === true).length };
  if (facet.kind === 'range') {
    const values = docs.map((d) => d.numbers[facet.key]).filter((v): v is number => v !== undefined);
    return {
      kind: 'range',
      key: facet.key,
      min: values.length ? Math.min(...values) : null,
      max: values.length ? Math.max(...values) : null,
      count: values.length,
    };
  }
  const counts = new Map<string, number>();
  const labels = new Map<string, string>();
  for (const doc of docs) {
    for (const value of new Set(doc.facets[facet.key] ?? [])) counts.set(value, (counts.get(value) ?? 0) + 1);
    for (const [value, byLang] of Object.entries(doc.labels?.[facet.key] ?? {}))
      if (byLang[language] !== undefined) labels.set(value, byLang[language]);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]));
  const kept = facet.size === undefined ? ranked : ranked.slice(0, facet.size);
  const values = kept.map(([value, count]) => ({ value, label: labels.get(value) ?? null, count }));
  const truncated = kept.length < ranked.length;
  if (facet.kind === 'terms') return { kind: 'terms', key: facet.key, values, truncated };
  return {
    kind: 'hierarchy',
    key: facet.key,
    truncated,
    values: values.map((v) => {
      const cut = v.value.lastIndexOf(HIERARCHY_SEPARATOR);
      return { ...v, depth: v.value.split(HIERARCHY_SEPARATOR).length, parent: cut > 0 ? v.value.slice(0, cut) : null };
    }),
  };
}
