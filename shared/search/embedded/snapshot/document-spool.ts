import { closeSync, mkdirSync, openSync, rmSync, write, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { SearchDocument } from '../../document';
import { ByteArena } from './byte-arena';
import { DOCUMENTS } from './snapshot-files';

const writeAt = promisify(write);
/** Lines are gathered into chunks of about this many bytes; one chunk is written while the next fills. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Chunks a spool fills in turn; with none free, the full one is written at once and filled again. */
const CHUNKS = 3;

/**
 * The source documents of the next full build, written to a snapshot's temporary directory while they are
 * staged, so the refresh after the last batch does not serialise and write them all at once (about a third of
 * that refresh at 100,000 documents). Each document's card is serialised once, for its line and for the
 * build's card bytes (`cardOf`). A document staged again gets a second line (a reader keeps the last one).
 * A spooled document deleted before the build makes the file wrong: `covers` then says no and the refresh
 * writes the documents itself. Until `finish` hands the directory over, it is only ever a temporary one.
 */
export class DocumentSpool {
  private readonly fd: number;
  private readonly staged = new Map<string, { doc: SearchDocument; card: Uint8Array }>();
  private chunk: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  /** Where the next chunk goes in the file: chunks are written at their own positions, in any order. */
  private position = 0;
  /**
   * Chunks whose write finished, filled again instead of new ones: a million documents spool about 2 GB. A new
   * buffer is memory touched for the first time, and external memory: V8 marks the whole heap (every staged
   * document) again for each 64 MB of it still alive. The cards are kept in an arena's few slabs for that reason.
   */
  private readonly spare: Buffer[] = [];
  private chunks = 1;
  private readonly cards = new ByteArena();
  private writing: Promise<unknown> = Promise.resolve();
  private failure: unknown = null;
  private broken = false;
  private closed = false;

  /** Creates `temporary` (a directory name no reader takes for a generation) and its documents file. */
  constructor(readonly temporary: string) {
    mkdirSync(temporary, { recursive: true });
    try {
      this.fd = openSync(join(temporary, DOCUMENTS), 'w');
    } catch (error) {
      rmSync(temporary, { recursive: true, force: true });
      throw error;
    }
  }

  /** Appends a staged document's line. */
  add(doc: SearchDocument): void {
    const { card, ...rest } = doc;
    const head = JSON.stringify(rest);
    const cardJson = JSON.stringify(card);
    // The same JSON as JSON.stringify(doc) with the card last, encoded straight into the chunk; the card's
    // bytes are copied from there, so it is serialised and encoded once.
    this.reserve(3 * (head.length + cardJson.length) + 16);
    let at = this.used;
    at += this.chunk.write(head.length > 2 ? `${head.slice(0, -1)},"card":` : '{"card":', at);
    const cardStart = at;
    at += this.chunk.write(cardJson, at);
    this.staged.set(doc.id, { doc, card: this.cards.copy(this.chunk.subarray(cardStart, at)) });
    at += this.chunk.write('}\n', at);
    this.used = at;
  }

  /** A staged delete: a document already spooled cannot be taken out of the file. */
  remove(id: string): void {
    if (this.staged.delete(id)) this.broken = true;
  }

  /** The card bytes serialised for `doc`, if it is the version spooled. */
  readonly cardOf = (doc: SearchDocument): Uint8Array | undefined => {
    const staged = this.staged.get(doc.id);
    return staged?.doc === doc ? staged.card : undefined;
  };

  /** True when the file holds exactly `documents` (each as its last line) and nothing else. */
  covers(documents: ReadonlyMap<string, SearchDocument>): boolean {
    if (this.broken || this.failure !== null || documents.size !== this.staged.size) return false;
    for (const [id, doc] of documents) if (this.staged.get(id)?.doc !== doc) return false;
    return true;
  }

  /** Writes what is left and closes the file; rejects when a write failed. Returns the temporary directory. */
  async finish(): Promise<string> {
    this.flush();
    await this.writing;
    this.close();
    if (this.failure !== null) throw this.failure;
    this.staged.clear();
    return this.temporary;
  }

  /** Stops writing and removes the temporary directory. */
  async discard(): Promise<void> {
    await this.writing;
    this.close();
    this.staged.clear();
    await rm(this.temporary, { recursive: true, force: true });
  }

  /** Makes room for `bytes` (at most 3 a UTF-16 code unit) in the chunk, writing out the full one first. */
  private reserve(bytes: number): void {
    if (this.used + bytes <= this.chunk.length) return;
    this.flush();
    if (bytes <= this.chunk.length) return;
    // One document larger than a chunk gets a buffer of its own, left to the collector once written.
    if (this.chunk.length === CHUNK_BYTES) this.spare.push(this.chunk);
    this.chunk = Buffer.allocUnsafe(bytes);
  }

  private flush(): void {
    if (this.used === 0) return;
    const full = this.chunk;
    const length = this.used;
    const position = this.position;
    this.position += length;
    this.used = 0;
    const next = this.spare.pop() ?? (this.chunks < CHUNKS ? this.newChunk() : null);
    if (next === null) {
      this.writeNow(full, length, position);
      return;
    }
    this.chunk = next;
    this.enqueue(full, length, position);
  }

  private newChunk(): Buffer {
    this.chunks++;
    return Buffer.allocUnsafe(CHUNK_BYTES);
  }

  /** Writes run off the main thread; the first failure is kept for `finish`. The chunk is free again after. */
  private enqueue(chunk: Buffer, length: number, position: number): void {
    const written = (async () => {
      try {
        let done = 0;
        while (done < length && this.failure === null && !this.closed)
          done += (await writeAt(this.fd, chunk, done, length - done, position + done)).bytesWritten;
      } catch (error) {
        this.failure ??= error;
      }
      if (chunk.length === CHUNK_BYTES) this.spare.push(chunk);
    })();
    this.writing = Promise.all([this.writing, written]);
  }

  /** Every chunk is being written: this one is written now and filled again (bounded memory, never a new one). */
  private writeNow(chunk: Buffer, length: number, position: number): void {
    if (this.failure !== null || this.closed) return;
    try {
      let done = 0;
      while (done < length) done += writeSync(this.fd, chunk, done, length - done, position + done);
    } catch (error) {
      this.failure = error;
    }
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}
