import { closeSync, openSync, write, writeSync } from 'node:fs';
import { promisify } from 'node:util';

const writeAt = promisify(write);
/** Bytes are gathered into chunks of about this many bytes; one chunk is written while the next fills. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Chunks a file fills in turn; with none free, the full one is written at once and filled again. */
const CHUNKS = 3;

/**
 * A file written front to back from chunks filled in memory: a full chunk is written off the main thread while
 * the next one fills. Callers write into `chunk` from `used` after `reserve`, then move `used` on.
 */
export class ChunkedFile {
  private readonly fd: number;
  chunk: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  used = 0;
  /** Where the next chunk goes in the file: chunks are written at their own positions, in any order. */
  private position = 0;
  /**
   * Chunks whose write finished, filled again instead of new ones: a million documents spool about 2 GB. A new
   * buffer is memory touched for the first time, and external memory: V8 marks the whole heap (every staged
   * document) again for each 64 MB of it still alive.
   */
  private readonly spare: Buffer[] = [];
  private chunks = 1;
  private writing: Promise<unknown> = Promise.resolve();
  private failure: unknown = null;
  private closed = false;

  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }

  /** True once a write failed (`finish` rejects with it). */
  get failed(): boolean {
    return this.failure !== null;
  }

  /** The position in the file of byte `at` of the current chunk. */
  positionOf(at: number): number {
    return this.position + at;
  }

  /** Makes room for `bytes` in the chunk, writing out the full one first. */
  reserve(bytes: number): void {
    if (this.used + bytes <= this.chunk.length) return;
    this.flush();
    if (bytes <= this.chunk.length) return;
    // One piece larger than a chunk gets a buffer of its own, left to the collector once written.
    if (this.chunk.length === CHUNK_BYTES) this.spare.push(this.chunk);
    this.chunk = Buffer.allocUnsafe(bytes);
  }

  /** Appends `text` as UTF-8; returns where it starts in the file and its length in bytes. */
  append(text: string): { position: number; length: number } {
    this.reserve(3 * text.length);
    const length = this.chunk.write(text, this.used);
    const position = this.positionOf(this.used);
    this.used += length;
    return { position, length };
  }

  /** Appends `bytes`; returns where they start in the file. */
  appendBytes(bytes: Uint8Array): number {
    this.reserve(bytes.length);
    this.chunk.set(bytes, this.used);
    const position = this.positionOf(this.used);
    this.used += bytes.length;
    return position;
  }

  /** Writes what is left and closes the file; rejects when a write failed. */
  async finish(): Promise<void> {
    this.flush();
    await this.writing;
    this.close();
    if (this.failure !== null) throw this.failure;
  }

  /** Stops writing and closes the file (its directory is the caller's to remove). */
  async discard(): Promise<void> {
    await this.writing;
    this.close();
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
