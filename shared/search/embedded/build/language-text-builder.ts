import { createAnalyzer, type Analyzer } from '../../analysis/analyzer';
import type { LocalizedText } from '../../document';
import type { LanguageText } from '../index-data';
import { FieldBuilder } from './field-builder';
import { GrowableU32 } from './growable';
import { groupByRow } from './rows';
import { compareStrings } from '../../compare';

/** Builds the text index of one language: shared term dictionary, three fields, name words for suggest. */
export class LanguageTextBuilder {
  private readonly terms: string[] = [];
  private readonly termIds = new Map<string, number>();
  private readonly surfaces: string[] = [];
  private readonly surfaceIds = new Map<string, number>();
  private readonly surfaceTerm = new GrowableU32();
  private readonly alphabet = new Set<string>();
  private readonly fields: Record<'name' | 'brand' | 'description', FieldBuilder>;
  private readonly wordOf = new GrowableU32();
  private readonly wordDocs = new GrowableU32();
  private readonly wordLastDoc: number[] = [];
  private readonly surfaceDocs = new GrowableU32();
  private readonly surfaceLastDoc = new GrowableU32();

  constructor(
    private readonly language: string,
    docCount: number,
    private readonly analyzer: Analyzer = createAnalyzer(language),
  ) {
    this.fields = {
      name: new FieldBuilder(docCount),
      brand: new FieldBuilder(docCount),
      description: new FieldBuilder(docCount),
    };
  }

  /** Adds one document's text in this language (documents in ordinal order). */
  add(doc: number, text: LocalizedText): void {
    this.fields.name.add(doc, this.termIdsOf(text.name, doc));
    this.fields.brand.add(doc, this.termIdsOf(text.brand, doc, false));
    this.fields.description.add(doc, this.termIdsOf(text.description, doc, false));
  }

  finish(): LanguageText {
    const termCount = this.terms.length;
    const names = this.finishNameWords();
    return {
      language: this.language,
      terms: this.terms,
      termIds: this.termIds,
      surfaces: this.surfaces,
      surfaceIds: this.surfaceIds,
      surfaceTerm: this.surfaceTerm.toArray(),
      surfaceDocs: this.surfaceDocs.toArray(),
      alphabet: [...this.alphabet].sort().join(''),
      name: this.fields.name.finish(termCount),
      brand: this.fields.brand.finish(termCount),
      description: this.fields.description.finish(termCount),
      nameWords: names.words,
      nameWordDocs: names.rows,
    };
  }

  private termIdsOf(text: string, doc: number, isName = true): number[] {
    const ids: number[] = [];
    for (const token of this.analyzer.analyze(text)) {
      let surfaceId = this.surfaceIds.get(token.surface);
      if (surfaceId === undefined) surfaceId = this.addSurface(token.surface, token.term);
      ids.push(this.surfaceTerm.get(surfaceId));
      // Stored as doc + 1 so the zero of a new entry means "not seen yet".
      if (this.surfaceLastDoc.get(surfaceId) !== doc + 1) {
        this.surfaceLastDoc.set(surfaceId, doc + 1);
        this.surfaceDocs.increment(surfaceId);
      }
      if (isName) this.addNameWord(surfaceId, doc);
    }
    return ids;
  }

  private addSurface(surface: string, term: string): number {
    let termId = this.termIds.get(term);
    if (termId === undefined) {
      termId = this.terms.length;
      this.terms.push(term);
      this.termIds.set(term, termId);
    }
    const surfaceId = this.surfaces.length;
    this.surfaces.push(surface);
    this.surfaceIds.set(surface, surfaceId);
    this.surfaceTerm.push(termId);
    this.surfaceDocs.push(0);
    this.surfaceLastDoc.push(0);
    for (const ch of surface) this.alphabet.add(ch);
    return surfaceId;
  }

  private addNameWord(surfaceId: number, doc: number): void {
    while (this.wordLastDoc.length <= surfaceId) this.wordLastDoc.push(-1);
    if (this.wordLastDoc[surfaceId] === doc) return;
    this.wordLastDoc[surfaceId] = doc;
    this.wordOf.push(surfaceId);
    this.wordDocs.push(doc);
  }

  /** Sorted distinct name words; rows renumbered from surface ids to positions in that order. */
  private finishNameWords(): { words: string[]; rows: LanguageText['nameWordDocs'] } {
    const used = [...new Set(this.wordOf.toArray())].sort((a, b) =>
      compareStrings(this.surfaces[a] ?? '', this.surfaces[b] ?? ''),
    );
    const position = new Uint32Array(this.surfaces.length);
    used.forEach((surfaceId, i) => {
      position[surfaceId] = i;
    });
    const rowOf = new GrowableU32();
    for (let k = 0; k < this.wordOf.length; k++) rowOf.push(position[this.wordOf.get(k)] as number);
    const rows = groupByRow(used.length, rowOf, this.wordDocs).rows;
    return { words: used.map((id) => this.surfaces[id] ?? ''), rows };
  }
}
