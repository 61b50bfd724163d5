import type { Rows } from '../index-data';
import type { GrowableU32 } from './growable';

/** Rows and aligned per-item extras (term frequencies) from (row, item, extra) triples. */
export interface RowsWithExtras {
  rows: Rows;
  extras: Uint32Array;
}

/**
 * Groups (row, item, extra) triples by row with a stable counting sort, so items pushed in ascending
 * document order stay ascending inside every row.
 */
export function groupByRow(
  rowCount: number,
  rowOf: GrowableU32,
  items: GrowableU32,
  extras?: GrowableU32,
): RowsWithExtras {
  const offsets = new Uint32Array(rowCount + 1);
  const n = rowOf.length;
  for (let k = 0; k < n; k++) offsets[rowOf.get(k) + 1]++;
  for (let r = 0; r < rowCount; r++) offsets[r + 1] += offsets[r] as number;
  const cursor = offsets.slice(0, rowCount);
  const outItems = new Uint32Array(n);
  const outExtras = new Uint32Array(extras === undefined ? 0 : n);
  for (let k = 0; k < n; k++) {
    const row = rowOf.get(k);
    const at = cursor[row] as number;
    cursor[row] = at + 1;
    outItems[at] = items.get(k);
    if (extras !== undefined) outExtras[at] = extras.get(k);
  }
  return { rows: { offsets, items: outItems }, extras: outExtras };
}

/** Rows whose items were pushed row by row in order: only the offsets need computing. */
export function rowsFromSequence(rowEnds: GrowableU32, items: GrowableU32): Rows {
  const offsets = new Uint32Array(rowEnds.length + 1);
  for (let r = 0; r < rowEnds.length; r++) offsets[r + 1] = rowEnds.get(r);
  return { offsets, items: items.toArray() };
}
