import { readSync } from 'node:fs';
import type { DetailFile } from './detail-file';
import { SharedFile } from './shared-file';

/**
 * Opaque card payloads (UTF-8 JSON), decoded only for the hits of a page, and the details a full build kept beside
 * them (see DetailFile), which share the cards' holders.
 */
export interface CardStore {
  /** Names these cards in this process: a store's card at an ordinal never changes (see SearchHit.cardKey). */
  readonly key: string;
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

// Card stores made by this process so far: each store's key is its number (see CardStore.key).
let storesMade = 0;
const nextStoreKey = (): string => (storesMade++).toString(36);

/** Cards in one buffer: the index a build produces, and small snapshots. */
export class MemoryCards implements CardStore {
  readonly key = nextStoreKey();

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
 * every query of a kind finds) costs one read, not one per page (a read is a system call).
 * They are kept in one ring of that many bytes, each read straight into it, oldest out first: a buffer of its own
 * per card cost about 4 us more a read (mostly the kernel faulting in the fresh memory it copies to).
 * The descriptor is closed when the last holder releases the cards (its generation was replaced or dropped);
 * a read after that fails rather than reading another file that reused the number.
 */
export class FileCards implements CardStore {
  readonly key = nextStoreKey();
  private readonly file: SharedFile;
  /** The kept cards: ordinal -> its bytes in `ring` (a view made once, so a hit allocates nothing). */
  private readonly recent = new Map<number, Buffer>();
  /** The kept cards' ordinals, oldest first from `head` (a Map evicted from its front pays for every hole it skips). */
  private queue: number[] = [];
  private head = 0;
  private recentTotal = 0;
  private ring: Buffer | null = null;
  /** Where the next card read goes in `ring`. */
  private written = 0;

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
      this.ring = null;
      this.written = 0;
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

  /** The card's bytes: valid until later reads push it out of the ring, so decode them at once. */
  card(ordinal: number): Uint8Array {
    const fd = this.file.descriptor();
    const kept = this.recent.get(ordinal);
    if (kept !== undefined) return kept;
    const length = (this.offsets[ordinal + 1] as number) - (this.offsets[ordinal] as number);
    if (length > this.recentBytes) {
      const alone = Buffer.allocUnsafe(length);
      readSync(fd, alone, 0, length, this.offsets[ordinal] as number);
      return alone;
    }
    const ring = this.ringBuffer();
    const at = this.place(ring, length);
    readSync(fd, ring, at, length, this.offsets[ordinal] as number);
    const card = ring.subarray(at, at + length);
    this.queue.push(ordinal);
    this.recent.set(ordinal, card);
    this.recentTotal += length;
    return card;
  }

  detail(ordinal: number): Uint8Array | null {
    return this.details?.detail(ordinal) ?? null;
  }

  /** The ring, made on the first read: no larger than all the cards. */
  private ringBuffer(): Buffer {
    if (this.ring === null) {
      this.ring = Buffer.allocUnsafeSlow(Math.min(this.recentBytes, this.offsets[this.count] as number));
    }
    return this.ring;
  }

  /**
   * Where `length` bytes go in the ring, its oldest cards out of their way. A card that does not fit before the
   * end starts the ring again at 0; the cards beyond the last one written, the oldest, are given up first.
   */
  private place(ring: Buffer, length: number): number {
    if (this.written + length > ring.length) {
      this.evictWhile((start) => start >= this.written);
      this.written = 0;
    }
    const at = this.written;
    const end = at + length;
    this.evictWhile((start, size) => start < end && start + size > at);
    this.written = end;
    return at;
  }

  /** Evicts the oldest kept cards while `test(start, length)` holds for the oldest. */
  private evictWhile(test: (start: number, length: number) => boolean): void {
    while (this.head < this.queue.length) {
      const old = this.queue[this.head] as number;
      const card = this.recent.get(old) as Buffer;
      if (!test(card.byteOffset - (this.ring as Buffer).byteOffset, card.length)) break;
      this.head++;
      this.recent.delete(old);
      this.recentTotal -= card.length;
    }
    // The queue's consumed head is dropped once it is most of the queue.
    if (this.head > 4096 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  all(): { bytes: Uint8Array; offsets: Float64Array } {
    const bytes = Buffer.allocUnsafe(this.offsets[this.count] as number);
    readSync(this.file.descriptor(), bytes, 0, bytes.length, 0);
    return { bytes, offsets: this.offsets };
  }
}
