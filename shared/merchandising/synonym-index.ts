import { createAnalyzer, type Analyzer } from '../search/analysis/analyzer';
import { tokenize } from '../search/analysis/tokenize';
import type { SynonymRewrite } from '../search/merchandising';
import type { SynonymEntry } from '../storefront-config/schemas';

/** Longest synonym term, in words: bounds both validation and the lookup at each query word. */
export const MAX_SYNONYM_WORDS = 5;

/** One term of an entry as written, and its key: the stems of its words, so "trainers" finds "trainer". */
interface Term {
  text: string;
  key: string;
}

/**
 * A language's synonym entries, ready to rewrite queries: each term that finds others maps to every term it
 * finds (itself included). An equivalent group maps each of its terms to all of them; a one-way entry maps
 * `from` to itself and `to`. Terms are compared by the stems of their words in the language.
 */
export class SynonymIndex {
  private readonly finds = new Map<string, Term[]>();
  private readonly analyzer: Analyzer;

  constructor(language: string, entries: readonly SynonymEntry[]) {
    this.analyzer = createAnalyzer(language);
    for (const entry of entries) {
      if ('terms' in entry) {
        const group = entry.terms.map((t) => this.term(t));
        for (const term of group) this.add(term.key, group);
      } else {
        const from = this.term(entry.from);
        this.add(from.key, [from, ...entry.to.map((t) => this.term(t))]);
      }
    }
  }

  get size(): number {
    return this.finds.size;
  }

  /**
   * The rewrites of a query: at each word, the longest run of words whose stems are a term becomes a clause of
   * every term that term finds, the words as typed first; runs do not overlap. Empty when no term occurs.
   */
  rewrite(text: string): SynonymRewrite[] {
    if (this.finds.size === 0) return [];
    const words = tokenize(text);
    const keys = words.map((w) => this.analyzer.termOf(w));
    const rewrites: SynonymRewrite[] = [];
    for (let i = 0; i < words.length; ) {
      const found = this.longestAt(keys, i);
      if (found === null) {
        i += 1;
        continue;
      }
      const typed = words.slice(i, i + found.length).join(' ');
      const alternatives = [
        typed,
        ...found.terms.filter((t) => t.key !== keys.slice(i, i + found.length).join(' ')).map((t) => t.text),
      ];
      rewrites.push({ start: i, length: found.length, alternatives });
      i += found.length;
    }
    return rewrites;
  }

  private longestAt(keys: readonly string[], start: number): { length: number; terms: Term[] } | null {
    for (let length = Math.min(MAX_SYNONYM_WORDS, keys.length - start); length >= 1; length--) {
      const terms = this.finds.get(keys.slice(start, start + length).join(' '));
      if (terms !== undefined) return { length, terms };
    }
    return null;
  }

  private term(text: string): Term {
    return {
      text,
      key: tokenize(text)
        .map((w) => this.analyzer.termOf(w))
        .join(' '),
    };
  }

  private add(key: string, terms: readonly Term[]): void {
    if (key === '') return;
    const known = this.finds.get(key) ?? [];
    for (const term of terms) if (!known.some((k) => k.key === term.key)) known.push(term);
    this.finds.set(key, known);
  }
}
