import type { Rows } from '../../shared/search/embedded/index-data';
import { CountingMemory } from '../../shared/search/embedded/wasm/counting-memory';

/** Rows of `rows` (document -> value ids) placed in a counting memory after `before` bytes of other data. */
export function countedRows(rows: number[][], size: number, before = 0): Rows & { counting: CountingMemory } {
  const offsets = new Uint32Array(rows.length + 1);
  rows.forEach((row, d) => {
    offsets[d + 1] = (offsets[d] as number) + row.length;
  });
  const items = rows.flat();
  const counting = new CountingMemory(before + (offsets.length + items.length) * 4, rows.length, size);
  const placed = {
    offsets: counting.u32(before, offsets.length),
    items: counting.u32(before + offsets.length * 4, items.length),
    counting,
  };
  placed.offsets.set(offsets);
  placed.items.set(items);
  return placed;
}
