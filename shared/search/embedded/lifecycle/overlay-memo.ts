import { createAnalyzer, type Analyzer } from '../../analysis/analyzer';
import { memoAnalyzer } from '../../analysis/memo-analyzer';
import type { KeptDocument } from '../kept-document';

/**
 * What a slot's successive overlay builds share. Each refresh rebuilds the overlay from every document changed
 * since the base, mostly the same documents as the refresh before, so each text is analysed and each document
 * serialised for the snapshot once instead of once per refresh. A merge starts a new base with an empty
 * overlay, and `reset` lets go of it all.
 */
export class OverlayMemo {
  private analyzers = new Map<string, Analyzer>();
  /** By document id: the version serialised, and its line. */
  private lines = new Map<string, { doc: KeptDocument; line: string }>();

  readonly analyzerOf = (language: string): Analyzer => {
    let analyzer = this.analyzers.get(language);
    if (analyzer === undefined) {
      analyzer = memoAnalyzer(createAnalyzer(language));
      this.analyzers.set(language, analyzer);
    }
    return analyzer;
  };

  /** The document's line in documents.ndjson (documents are never changed in place, so a line stays valid). */
  readonly line = (doc: KeptDocument): string => {
    const known = this.lines.get(doc.id);
    if (known?.doc === doc) return known.line;
    // An overlay's documents come from deltas, which keep their cards (only a full build's spool takes them).
    if (doc.card === undefined) throw new Error(`document ${doc.id} of an overlay has no card`);
    const line = JSON.stringify(doc);
    this.lines.set(doc.id, { doc, line });
    return line;
  };

  reset(): void {
    this.analyzers = new Map();
    this.lines = new Map();
  }
}
