import { fold } from '../../analysis/fold';
import { forEachOneEditVariant, MIN_TYPO_LENGTH } from '../../analysis/typo-variants';
import { averageLength } from '../build/field-builder';
import type { IndexData, LanguageText, TextField } from '../index-data';
import type { TermLookup } from '../sorted-strings';
import { BoundedCache } from './bounded-cache';
import type { IndexRuntime } from './index-runtime';

/** A searchable field: one of a language's three, or the language-independent SKU field. */
export type FieldName = 'name' | 'brand' | 'description' | 'sku';

/** The terms one query word may match, as strings (each segment has its own term ids): exact stem, typo stems, SKU token. */
export interface WordExpansion {
  exact: string;
  typos: string[];
  sku: string;
}

/** Per language, base surface id -> documents holding it that a delta removed from the base. */
export type SurfaceLoss = ReadonlyMap<string, ReadonlyMap<number, number>>;

/** A field of a segment with the term ids of its dictionary. */
export function segmentField(
  data: IndexData,
  language: string,
  field: FieldName,
): { field: TextField; termIds: TermLookup } | null {
  if (field === 'sku') return { field: data.sku.field, termIds: data.sku.terms };
  const lang = data.text.get(language);
  return lang === undefined ? null : { field: lang[field], termIds: lang.termIds };
}

/**
 * Text statistics of a live index, over its live documents only: document count, average field lengths and
 * document frequencies, and which surfaces still exist (typo targets). A delta therefore scores, and matches
 * typos, exactly as a full build of the same documents would.
 */
export class TextStats {
  readonly docCount: number;
  private readonly averages = new Map<string, number>();
  private readonly frequencies = new BoundedCache<string, number>(50_000);
  private readonly expansions = new BoundedCache<string, WordExpansion>(20_000);
  private readonly alphabets = new Map<string, string>();

  constructor(
    private readonly segments: readonly IndexRuntime[],
    private readonly loss: SurfaceLoss,
  ) {
    this.docCount = segments.reduce((sum, s) => sum + s.liveCount, 0);
  }

  /** Average length of a field over the live documents. */
  avgLength(language: string, field: FieldName): number {
    const cacheKey = `${language}\u0000${field}`;
    let average = this.averages.get(cacheKey);
    if (average === undefined) {
      let total = 0;
      for (const segment of this.segments) {
        const found = segmentField(segment.data, language, field);
        if (found === null) continue;
        total += found.field.totalLength;
        for (const d of segment.deleted?.list ?? []) total -= found.field.lengths[d] as number;
      }
      average = averageLength(total, this.docCount);
      this.averages.set(cacheKey, average);
    }
    return average;
  }

  /** Live documents holding the term in the field. */
  df(language: string, field: FieldName, term: string): number {
    if (this.segments.length === 1) return this.segmentDf(this.segments[0] as IndexRuntime, language, field, term);
    const cacheKey = `${language}\u0000${field}\u0000${term}`;
    let df = this.frequencies.get(cacheKey);
    if (df === undefined) {
      df = this.segments.reduce((sum, segment) => sum + this.segmentDf(segment, language, field, term), 0);
      this.frequencies.set(cacheKey, df);
    }
    return df;
  }

  private segmentDf(segment: IndexRuntime, language: string, field: FieldName, term: string): number {
    const found = segmentField(segment.data, language, field);
    const id = found?.termIds.get(term);
    if (found === null || id === undefined) return 0;
    const { offsets, items } = found.field.postings;
    const from = offsets[id] as number;
    const to = offsets[id + 1] as number;
    const deleted = segment.deleted?.bits;
    if (deleted === undefined) return to - from;
    let live = 0;
    for (let k = from; k < to; k++) {
      const d = items[k] as number;
      if (((deleted[d >>> 5] as number) & (1 << (d & 31))) === 0) live++;
    }
    return live;
  }

  /** The terms a query word may match in the language (cached: popular queries repeat, typo expansion is the cost). */
  expand(language: string, word: string): WordExpansion {
    const cacheKey = `${language}\u0000${word}`;
    let expansion = this.expansions.get(cacheKey);
    if (expansion === undefined) {
      expansion = this.expandWord(language, word);
      this.expansions.set(cacheKey, expansion);
    }
    return expansion;
  }

  private expandWord(language: string, word: string): WordExpansion {
    const surface = fold(word);
    const first = this.segments[0] as IndexRuntime;
    if (first.data.text.get(language) === undefined) return { exact: '', typos: [], sku: surface };
    const exact = first.analyzer(language).termOf(word);
    const typos: string[] = [];
    if (surface.length >= MIN_TYPO_LENGTH) {
      forEachOneEditVariant(surface, this.alphabet(language), (variant) => {
        const term = this.liveSurfaceTerm(language, variant);
        if (term !== null && term !== exact && !typos.includes(term)) typos.push(term);
      });
    }
    return { exact, typos, sku: surface };
  }

  /** The term of a surface some live document holds, or null. */
  private liveSurfaceTerm(language: string, surface: string): string | null {
    for (let i = 0; i < this.segments.length; i++) {
      const lang = (this.segments[i] as IndexRuntime).data.text.get(language) as LanguageText;
      const id = lang.surfaceIds.get(surface);
      if (id === undefined) continue;
      const lost = i === 0 ? (this.loss.get(language)?.get(id) ?? 0) : 0;
      if ((lang.surfaceDocs[id] as number) > lost) return lang.terms[lang.surfaceTerm[id] as number] as string;
    }
    return null;
  }

  /** Characters of every segment's surfaces, sorted: typo variants are generated in the order a single build uses. */
  private alphabet(language: string): string {
    let alphabet = this.alphabets.get(language);
    if (alphabet === undefined) {
      const chars = new Set<string>();
      for (const segment of this.segments)
        for (const ch of segment.data.text.get(language)?.alphabet ?? '') chars.add(ch);
      alphabet = [...chars].sort().join('');
      this.alphabets.set(language, alphabet);
    }
    return alphabet;
  }
}
