import { analyzeSku } from '../analysis/analyzer';
import type { JsonValue, LocalizedText, SearchDocument } from '../document';
import { encodePair, encodePrefixPair } from './label-pairs';

/** The `_source` of one product as the mapping expects it (see mappings/elasticsearch/mappings.json). */
export interface ProductSource {
  id: string;
  markets: string[];
  popularity: number;
  text: Record<string, LocalizedText>;
  skuTerms: string[];
  facets: Record<string, string[]>;
  facetLabels: Record<string, Record<string, string[]>>;
  facetPrefixes: Record<string, Record<string, string[]>>;
  numbers: Record<string, number>;
  flags: Record<string, boolean>;
  sortKeys: { name: Record<string, string>; createdAt: number };
  card: JsonValue;
}

/** Only the index's languages are analysed, as in the embedded engine; other languages' text is dropped. */
function pick<T>(record: Record<string, T>, languages: readonly string[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const lang of languages) {
    const value = record[lang];
    if (value !== undefined) out[lang] = value;
  }
  return out;
}

type Encode = (value: string, label: string | null) => string;

/** Per facet and index language, one pair per value (see label-pairs). */
function labelPairs(
  doc: SearchDocument,
  languages: readonly string[],
  encode: Encode,
): Record<string, Record<string, string[]>> {
  const out: Record<string, Record<string, string[]>> = {};
  for (const [key, values] of Object.entries(doc.facets)) {
    const byLanguage: Record<string, string[]> = {};
    for (const lang of languages) {
      byLanguage[lang] = values.map((value) => encode(value, doc.labels?.[key]?.[value]?.[lang] ?? null));
    }
    out[key] = byLanguage;
  }
  return out;
}

/** Maps a (validated) port document to its Elasticsearch source. Pure. */
export function toProductSource(doc: SearchDocument, languages: readonly string[]): ProductSource {
  return {
    id: doc.id,
    markets: doc.markets,
    popularity: doc.popularity ?? 0,
    text: pick(doc.text, languages),
    // SKU terms are analysed here with the shared analyzer so "AB-12" also matches "ab12", exactly as embedded.
    skuTerms: [...new Set(doc.skus.flatMap(analyzeSku))],
    facets: doc.facets,
    facetLabels: labelPairs(doc, languages, encodePair),
    facetPrefixes: labelPairs(doc, languages, encodePrefixPair),
    numbers: doc.numbers,
    flags: doc.flags,
    sortKeys: { name: pick(doc.sortKeys.name, languages), createdAt: doc.sortKeys.createdAt },
    card: doc.card,
  };
}
