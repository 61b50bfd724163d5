import { ByteArena } from '../../../../../shared/search/embedded/snapshot/byte-arena';

describe('a byte arena', () => {
  it('keeps every copy intact across slabs, independent of the bytes copied from', () => {
    const arena = new ByteArena();
    const source = Buffer.alloc(5000);
    // About 6 MB: slabs of 64 KB doubling to 4 MB, each copy from a buffer overwritten right after.
    const copies = Array.from({ length: 2000 }, (_, i) => {
      source.fill(i % 251, 0, 1000 + (i % 4000));
      return arena.copy(source.subarray(0, 1000 + (i % 4000)));
    });
    source.fill(0);
    copies.forEach((copy, i) => {
      expect(copy.length).toBe(1000 + (i % 4000));
      expect(copy.every((b) => b === i % 251)).toBe(true);
    });
  });

  it('uses few slabs: copies share the buffers they live in', () => {
    const arena = new ByteArena();
    const buffers = new Set(Array.from({ length: 4000 }, () => arena.copy(Buffer.alloc(1000, 7)).buffer));
    // 4 MB in slabs of 64 KB, 128 KB, ... 4 MB: seven of them, not a buffer a copy (Node's own pool: 500).
    expect(buffers.size).toBeLessThanOrEqual(7);
  });

  it('gives a copy larger than any slab a slab of its own', () => {
    const arena = new ByteArena();
    const big = Buffer.alloc(300_000, 9);
    const copy = arena.copy(big);
    expect(Buffer.from(copy).equals(big)).toBe(true);
    expect(arena.copy(Buffer.from([1, 2, 3]))).toEqual(new Uint8Array([1, 2, 3]));
  });
});
