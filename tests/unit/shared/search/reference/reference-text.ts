import { analyzeSku, createAnalyzer, type Analyzer } from '../../../../../shared/search/analysis/analyzer';
import { fold } from '../../../../../shared/search/analysis/fold';
import { tokenize } from '../../../../../shared/search/analysis/tokenize';
import type { SearchDocument } from '../../../../../shared/search';

/** Plain reference of the text contract: per word, exact stem, exact SKU token, or a surface one edit away. */
export class ReferenceText {
  private readonly analyzers = new Map<string, Analyzer>();
  /** language -> every folded surface word of the corpus -> its term. */
  private readonly surfaces = new Map<string, Map<string, string>>();
  /** doc id -> language -> terms in name, brand, description. */
  private readonly terms = new Map<string, Map<string, Set<string>>>();
  private readonly skus = new Map<string, Set<string>>();

  constructor(docs: readonly SearchDocument[], languages: readonly string[]) {
    for (const lang of languages) {
      this.analyzers.set(lang, createAnalyzer(lang));
      this.surfaces.set(lang, new Map());
    }
    for (const doc of docs) this.addDocument(doc, languages);
  }

  /** True when every word of the text matches the document in the language. */
  matches(doc: SearchDocument, language: string, text: string): boolean {
    return tokenize(text).every((word) => this.wordMatches(doc, language, word));
  }

  /** True when every clause has an alternative whose every word matches (no clauses: everything does). */
  matchesClauses(doc: SearchDocument, language: string, clauses: readonly (readonly (readonly string[])[])[]): boolean {
    return clauses.every((alternatives) =>
      alternatives.some((words) => words.every((word) => this.wordMatches(doc, language, word))),
    );
  }

  private addDocument(doc: SearchDocument, languages: readonly string[]): void {
    const byLang = new Map<string, Set<string>>();
    for (const lang of languages) {
      const text = doc.text[lang];
      const terms = new Set<string>();
      const analyzer = this.analyzers.get(lang) as Analyzer;
      for (const token of analyzer.analyze(
        text === undefined ? '' : `${text.name} ${text.brand} ${text.description}`,
      )) {
        terms.add(token.term);
        this.surfaces.get(lang)?.set(token.surface, token.term);
      }
      byLang.set(lang, terms);
    }
    this.terms.set(doc.id, byLang);
    this.skus.set(doc.id, new Set(doc.skus.flatMap(analyzeSku)));
  }

  private wordMatches(doc: SearchDocument, language: string, word: string): boolean {
    const surface = fold(word);
    if (this.skus.get(doc.id)?.has(surface)) return true;
    const analyzer = this.analyzers.get(language);
    const docTerms = this.terms.get(doc.id)?.get(language);
    if (analyzer === undefined || docTerms === undefined) return false;
    if (docTerms.has(analyzer.termOf(word))) return true;
    if (surface.length < 5) return false;
    for (const [candidate, term] of this.surfaces.get(language) ?? []) {
      if (docTerms.has(term) && oneEditApart(surface, candidate)) return true;
    }
    return false;
  }
}

/** Textbook optimal-string-alignment distance (full matrix), independent of the engine's shortcut. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((d[i - 1]?.[j] ?? 0) + 1, (d[i]?.[j - 1] ?? 0) + 1, (d[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (d[i - 2]?.[j - 2] ?? 0) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return (d[a.length]?.[b.length] ?? 99) <= 1;
}
