import { mkdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SearchDocument } from '../../document';
import { type DetailSpans, NO_DETAIL } from '../detail-file';
import { type KeptDocument, lineUpToCard } from '../kept-document';
import { ByteArena } from './byte-arena';
import { ChunkedFile } from './chunked-file';
import { DETAILS, DOCUMENTS } from './snapshot-files';

type Staged = { doc: KeptDocument; card: Uint8Array; detail: number; detailLength: number };

/**
 * The source documents of the next full build, written to a snapshot's temporary directory while they are
 * staged, so the refresh after the last batch does not serialise and write them all at once (about a third of
 * that refresh at 100,000 documents). Each document's card is serialised once, for its line and for the
 * build's card bytes (`cardOf`), and the document is kept without it (KeptDocument). A document's detail, when
 * it has one, goes to a file of its own (details.bin) and is never kept in memory. A document staged again gets
 * a second line (a reader keeps the last one).
 * A spooled document deleted before the build makes the file wrong: `covers` then says no and the refresh
 * writes the documents itself. Until `finish` hands the directory over, it is only ever a temporary one.
 */
export class DocumentSpool {
  private readonly documents: ChunkedFile;
  private details: ChunkedFile | null = null;
  private readonly staged = new Map<string, Staged>();
  /** The cards are kept in an arena's few slabs: a buffer each is external memory V8 marks the heap for. */
  private readonly cards = new ByteArena();
  private broken = false;
  private readonly decoder = new TextDecoder();

  /** Creates `temporary` (a directory name no reader takes for a generation) and its documents file. */
  constructor(readonly temporary: string) {
    mkdirSync(temporary, { recursive: true });
    try {
      this.documents = new ChunkedFile(join(temporary, DOCUMENTS));
    } catch (error) {
      rmSync(temporary, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * Appends a staged document's line, and its detail (serialised now) when it has one. Returns the document to
   * keep: `doc` without its card, whose bytes `cardOf` gives.
   */
  add(doc: SearchDocument, detail?: () => string): KeptDocument {
    const { card, ...rest } = doc;
    const head = JSON.stringify(rest);
    const cardJson = JSON.stringify(card);
    // documentLine's line (the card last), encoded straight into the chunk; the card's bytes are copied from
    // there, so it is serialised and encoded once.
    const file = this.documents;
    file.reserve(3 * (head.length + cardJson.length) + 16);
    let at = file.used;
    at += file.chunk.write(lineUpToCard(head), at);
    const cardStart = at;
    at += file.chunk.write(cardJson, at);
    const staged: Staged = {
      doc: rest,
      card: this.cards.copy(file.chunk.subarray(cardStart, at)),
      detail: 0,
      detailLength: NO_DETAIL,
    };
    at += file.chunk.write('}\n', at);
    file.used = at;
    if (detail !== undefined) {
      this.details ??= new ChunkedFile(join(this.temporary, DETAILS));
      const { position, length } = this.details.append(detail());
      staged.detail = position;
      staged.detailLength = length;
    }
    this.staged.set(doc.id, staged);
    return rest;
  }

  /** A staged delete: a document already spooled cannot be taken out of the file. */
  remove(id: string): void {
    if (this.staged.delete(id)) this.broken = true;
  }

  /** The card bytes serialised for `doc`, if it is the version spooled. */
  readonly cardOf = (doc: KeptDocument): Uint8Array | undefined => {
    const staged = this.staged.get(doc.id);
    return staged?.doc === doc ? staged.card : undefined;
  };

  /** `doc` with its card again (decoded from the bytes spooled), for a build this spool does not cover. */
  withCard(doc: KeptDocument): SearchDocument {
    if (doc.card !== undefined) return { ...doc, card: doc.card };
    const bytes = this.cardOf(doc);
    if (bytes === undefined) throw new Error(`document ${doc.id} was not spooled and has no card`);
    return { ...doc, card: JSON.parse(this.decoder.decode(bytes)) as SearchDocument['card'] };
  }

  /** Where the detail of each of `ids` (a build's documents, by ordinal) is in details.bin; null when none has one. */
  detailSpans(ids: readonly string[]): DetailSpans | null {
    if (this.details === null) return null;
    const spans = new Float64Array(2 * ids.length);
    ids.forEach((id, d) => {
      const staged = this.staged.get(id);
      spans[2 * d] = staged?.detail ?? 0;
      spans[2 * d + 1] = staged?.detailLength ?? NO_DETAIL;
    });
    return spans;
  }

  /** True when the file holds exactly `documents` (each as its last line) and nothing else. */
  covers(documents: ReadonlyMap<string, KeptDocument>): boolean {
    if (this.broken || this.documents.failed || this.details?.failed === true) return false;
    if (documents.size !== this.staged.size) return false;
    for (const [id, doc] of documents) if (this.staged.get(id)?.doc !== doc) return false;
    return true;
  }

  /** Writes what is left and closes the files; rejects when a write failed. Returns the temporary directory. */
  async finish(): Promise<string> {
    const results = await Promise.allSettled([this.documents.finish(), this.details?.finish()]);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    this.staged.clear();
    return this.temporary;
  }

  /** Stops writing and removes the temporary directory. */
  async discard(): Promise<void> {
    await Promise.all([this.documents.discard(), this.details?.discard()]);
    this.staged.clear();
    await rm(this.temporary, { recursive: true, force: true });
  }
}
