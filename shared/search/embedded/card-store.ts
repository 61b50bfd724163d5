import { closeSync, openSync, readSync } from 'node:fs';

/** Opaque card payloads (UTF-8 JSON), decoded only for the hits of a page. */
export interface CardStore {
  readonly count: number;
  /** The bytes of one card. */
  card(ordinal: number): Uint8Array;
  /** Every card, to persist: bytes and offsets (card i is bytes[offsets[i] .. offsets[i + 1])). */
  all(): { bytes: Uint8Array; offsets: Float64Array };
}

/** Cards in one buffer: the index a build produces, and small snapshots. */
export class MemoryCards implements CardStore {
  constructor(
    private readonly bytes: Uint8Array,
    private readonly offsets: Float64Array,
  ) {}

  get count(): number {
    return this.offsets.length - 1;
  }

  card(ordinal: number): Uint8Array {
    return this.bytes.subarray(this.offsets[ordinal] as number, this.offsets[ordinal + 1] as number);
  }

  all(): { bytes: Uint8Array; offsets: Float64Array } {
    return { bytes: this.bytes, offsets: this.offsets };
  }
}

// Closes the file of a FileCards once nothing can read it any more (its generation was replaced and freed).
const closer = new FinalizationRegistry<number>((fd) => closeSync(fd));

/**
 * Cards read from the snapshot's card file when a page needs them (one positioned read per hit, from the page
 * cache). The cards are most of a snapshot's bytes; leaving them in the file keeps them out of every serving
 * process's memory, and the open descriptor keeps them readable after the generation's directory is removed.
 */
export class FileCards implements CardStore {
  private readonly fd: number;

  constructor(
    path: string,
    private readonly offsets: Float64Array,
  ) {
    this.fd = openSync(path, 'r');
    closer.register(this, this.fd);
  }

  get count(): number {
    return this.offsets.length - 1;
  }

  card(ordinal: number): Uint8Array {
    const start = this.offsets[ordinal] as number;
    const buffer = Buffer.allocUnsafe((this.offsets[ordinal + 1] as number) - start);
    readSync(this.fd, buffer, 0, buffer.length, start);
    return buffer;
  }

  all(): { bytes: Uint8Array; offsets: Float64Array } {
    const bytes = Buffer.allocUnsafe(this.offsets[this.count] as number);
    readSync(this.fd, bytes, 0, bytes.length, 0);
    return { bytes, offsets: this.offsets };
  }
}
