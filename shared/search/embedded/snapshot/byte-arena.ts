/** The first slab's bytes; each next slab doubles, up to MAX_SLAB_BYTES. */
const FIRST_SLAB_BYTES = 64 * 1024;
const MAX_SLAB_BYTES = 256 * 1024 * 1024;

/**
 * Keeps copies of many small byte strings in a few large slabs. V8 counts every buffer's bytes as external memory
 * and marks the whole heap again for each 64 MB of it that stays alive, however it was allocated; a million
 * small copies (a full build's cards) pass that mark a dozen times with a heap of staged documents to mark, while
 * doubling slabs pass it about once per slab.
 */
export class ByteArena {
  private slab = Buffer.allocUnsafe(FIRST_SLAB_BYTES);
  private used = 0;

  /** A copy of `bytes` that stays valid as long as the arena's copies are kept. */
  copy(bytes: Uint8Array): Uint8Array {
    if (this.used + bytes.length > this.slab.length) {
      const next = Math.min(this.slab.length * 2, MAX_SLAB_BYTES);
      this.slab = Buffer.allocUnsafe(Math.max(next, bytes.length));
      this.used = 0;
    }
    const out = this.slab.subarray(this.used, this.used + bytes.length);
    out.set(bytes);
    this.used += bytes.length;
    return out;
  }
}
