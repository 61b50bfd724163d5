import type { FieldBoosts } from '../index-settings';
import type { CardStore } from './card-store';
import type { SortedStrings } from './sorted-strings';
import type { CountingMemory } from './wasm/counting-memory';

/** Compressed rows: the entries of row i are items[offsets[i] .. offsets[i + 1]). Rows of doc ids are ascending. */
export interface Rows {
  offsets: Uint32Array;
  items: Uint32Array;
  /** The WebAssembly memory both arrays are views of, where they are counted (none: counted in JavaScript). */
  counting?: CountingMemory | undefined;
}

/** One searchable field: per term, the documents and term frequencies; per document, the field length. */
export interface TextField {
  postings: Rows;
  freqs: Uint8Array;
  lengths: Uint16Array;
  /** Sum of the (capped) lengths: a delta recomputes the average from it exactly as a full build does. */
  totalLength: number;
  avgLength: number;
}

/** Text of one language. Term ids are shared by the three fields; surfaces map folded words to term ids. */
export interface LanguageText {
  language: string;
  terms: string[];
  termIds: Map<string, number>;
  surfaces: string[];
  surfaceIds: Map<string, number>;
  surfaceTerm: Uint32Array;
  /** Documents holding each surface in any field: a delta knows when a surface (a typo target) disappears. */
  surfaceDocs: Uint32Array;
  /** Characters seen in surfaces: the substitution alphabet of typo variants. */
  alphabet: string;
  name: TextField;
  brand: TextField;
  description: TextField;
  /** Sorted distinct name words and their documents: prefix ranges for suggest. */
  nameWords: string[];
  nameWordDocs: Rows;
}

/** Exact-match SKU tokens (language independent); term ids are positions in the sorted dictionary. */
export interface SkuText {
  terms: SortedStrings;
  field: TextField;
}

/**
 * One facet key. Value ids follow the sorted value keys, so "value ascending" is "id ascending".
 * Values held by more than 1/32 of the documents also get a bitset: ANDing it beats walking the list.
 */
export interface FacetColumn {
  key: string;
  values: string[];
  valueIds: Map<string, number>;
  docValues: Rows;
  valueDocs: Rows;
  denseSlot: Int32Array;
  denseBits: Uint32Array;
  /** Path depth per value (1 for a value without a separator). */
  depth: Uint16Array;
  /** Language -> label per value id (null when none was indexed). */
  labels: Map<string, (string | null)[]>;
}

/** One numeric field: NaN where absent, plus document ids with a value sorted by (value, id) both ways. */
export interface NumericColumn {
  key: string;
  values: Float64Array;
  /** Documents that have a value (derived from `ascending`, never persisted). */
  present: Uint32Array;
  ascending: Uint32Array;
  descending: Uint32Array;
}

/** One optional string per document as UTF-8 (sort names): read only for the few documents a merge compares. */
export interface StringColumn {
  bytes: Uint8Array;
  offsets: Uint32Array;
  present: Uint32Array;
}

/** An immutable, query-ready index. Document ordinals follow ids in ascending order: every tie-break is ordinal order. */
export interface IndexData {
  docCount: number;
  languages: string[];
  boosts: FieldBoosts;
  ids: string[];
  cards: CardStore;
  markets: Map<string, Uint32Array>;
  flags: Map<string, Uint32Array>;
  facets: Map<string, FacetColumn>;
  numbers: Map<string, NumericColumn>;
  text: Map<string, LanguageText>;
  sku: SkuText;
  /** Language -> ordinals by folded sort name (missing last). */
  nameOrder: Map<string, Uint32Array>;
  newestOrder: Uint32Array;
  popularOrder: Uint32Array;
  /** Sort values per ordinal, so pages of two segments can be merged: createdAt, popularity, sort names. */
  createdAt: Float64Array;
  popularity: Float64Array;
  sortNames: Map<string, StringColumn>;
}
