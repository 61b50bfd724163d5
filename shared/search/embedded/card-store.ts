import { readSync } from 'node:fs';
import type { DetailFile } from './detail-file';
import { SharedFile } from './shared-file';

/**
 * Opaque card payloads (UTF-8 JSON), decoded only for the hits of a page, and the details a full build kept beside
 * them (see DetailFile), which share the cards' holders.
 */
export interface CardStore {
  readonly count: number;
  /** The bytes of one card. */
  card(ordinal: number): Uint8Array;
  /** The detail kept for one document, or null (none kept, or none for it). */
  detail(ordinal: number): Uint8Array | null;
  /** Every card, to persist: bytes and offsets (card i is bytes[offsets[i] .. offsets[i + 1])). */
  all(): { bytes: Uint8Array; offsets: Float64Array };
  /** One more holder (an index slot serving these cards); each holder releases once. */
  retain(): void;
  /** A holder is done: the last release (or a release of cards nobody held) frees what the cards keep open. */
  release(): void;
}

/** Cards in one buffer: the index a build produces, and small snapshots. */
export class MemoryCards implements CardStore {
  constructor(
    private readonly bytes: Uint8Array,
    private readonly offsets: Float64Array,
    private readonly details: DetailFile | null = null,
  ) {}

  get count(): number {
    return this.offsets.length - 1;
  }

  card(ordinal: number): Uint8Array {
    return this.bytes.subarray(this.offsets[ordinal] as number, this.offsets[ordinal + 1] as number);
  }

  detail(ordinal: number): Uint8Array | null {
    return this.details?.detail(ordinal) ?? null;
  }

  all(): { bytes: Uint8Array; offsets: Float64Array } {
    return { bytes: this.bytes, offsets: this.offsets };
  }

  // The buffer is the garbage collector's to free; a detail file is not.
  retain(): void {
    this.details?.retain();
  }

  release(): void {
    this.details?.release();
  }
}

/** A build's cards (in memory) with the details its snapshot kept, which they now hold. */
export function withDetails(cards: CardStore, details: DetailFile): CardStore {
  const { bytes, offsets } = cards.all();
  return new MemoryCards(bytes, offsets, details);
}

/** The bytes of recently read cards a card file keeps (about 4,000 cards of a kilobyte). */
export const RECENT_CARDS_BYTES = 4 * 1024 * 1024;

/**
 * Cards read from the snapshot's card file when a page needs them (one positioned read per hit, from the page
 * cache). The cards are most of a snapshot's bytes; leaving them in the file keeps them out of every serving
 * process's memory, and the open descriptor keeps them readable after the generation's directory is removed.
 * The most recently read cards, up to `recentBytes`, are kept: a product on many pages (a popular one, or one
 * every query of a kind finds) costs one read, not one per page (a read is a system call, about 10 us).
 * The descriptor is closed when the last holder releases the cards (its generation was replaced or dropped);
 * a read after that fails rather than reading another file that reused the number.
 */
export class FileCards implements CardStore {
  private readonly file: SharedFile;
  private readonly recent = new Map<number, Uint8Array>();
  /** The kept cards' ordinals, oldest first from `head` (a Map evicted from its front pays for every hole it skips). */
  private queue: number[] = [];
  private head = 0;
  private recentTotal = 0;

  constructor(
    path: string,
    private readonly offsets: Float64Array,
    private readonly recentBytes = RECENT_CARDS_BYTES,
    private readonly details: DetailFile | null = null,
  ) {
    this.file = new SharedFile(path, 'card file', () => {
      this.recent.clear();
      this.queue = [];
      this.head = 0;
      this.recentTotal = 0;
    });
  }

  /** Bytes of the recently read cards kept. */
  get recentSize(): number {
    return this.recentTotal;
  }

  /** False once the descriptor was closed. */
  get open(): boolean {
    return this.file.open;
  }

  retain(): void {
    this.file.retain();
    this.details?.retain();
  }

  release(): void {
    this.file.release();
    this.details?.release();
  }

  get count(): number {
    return this.offsets.length - 1;
  }

  card(ordinal: number): Uint8Array {
    const fd = this.file.descriptor();
    const kept = this.recent.get(ordinal);
    if (kept !== undefined) return kept;
    const start = this.offsets[ordinal] as number;
    // Not from the shared pool: a kept card would hold its whole slab.
    const buffer = Buffer.allocUnsafeSlow((this.offsets[ordinal + 1] as number) - start);
    readSync(fd, buffer, 0, buffer.length, start);
    this.keep(ordinal, buffer);
    return buffer;
  }

  detail(ordinal: number): Uint8Array | null {
    return this.details?.detail(ordinal) ?? null;
  }

  /** Keeps a card read, oldest out first past the bound. */
  private keep(ordinal: number, card: Uint8Array): void {
    if (card.length > this.recentBytes) return;
    while (this.recentTotal + card.length > this.recentBytes) {
      const old = this.queue[this.head++] as number;
      this.recentTotal -= (this.recent.get(old) as Uint8Array).length;
      this.recent.delete(old);
    }
    // The queue's consumed head is dropped once it is most of the queue.
    if (this.head > 4096 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    this.queue.push(ordinal);
    this.recent.set(ordinal, card);
    this.recentTotal += card.length;
  }

  all(): { bytes: Uint8Array; offsets: Float64Array } {
    const bytes = Buffer.allocUnsafe(this.offsets[this.count] as number);
    readSync(this.file.descriptor(), bytes, 0, bytes.length, 0);
    return { bytes, offsets: this.offsets };
  }
}
