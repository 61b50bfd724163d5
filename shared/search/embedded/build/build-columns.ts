import type { KeptDocument } from '../kept-document';
import { createBitset, setBit, setList } from '../bitset';
import { compareStrings } from '../../compare';
import type { NumericColumn } from '../index-data';

/** One bitset per name, holding the documents `namesOf` lists it for. */
function buildBitsets(
  docs: readonly KeptDocument[],
  namesOf: (doc: KeptDocument) => Iterable<string>,
): Map<string, Uint32Array> {
  const sets = new Map<string, Uint32Array>();
  docs.forEach((doc, ordinal) => {
    for (const name of namesOf(doc)) {
      let bits = sets.get(name);
      if (bits === undefined) {
        bits = createBitset(docs.length);
        sets.set(name, bits);
      }
      setBit(bits, ordinal);
    }
  });
  return sets;
}

/** Market bitsets: where each document is sellable. */
export function buildMarkets(docs: readonly KeptDocument[]): Map<string, Uint32Array> {
  return buildBitsets(docs, (doc) => doc.markets);
}

/** Flag bitsets: documents whose flag is true. */
export function buildFlags(docs: readonly KeptDocument[]): Map<string, Uint32Array> {
  return buildBitsets(docs, (doc) => Object.keys(doc.flags).filter((key) => doc.flags[key] === true));
}

/** One numeric column per key, with both sorted permutations (ties by ordinal, absent values left out). */
export function buildNumbers(docs: readonly KeptDocument[]): Map<string, NumericColumn> {
  const keys = new Set<string>();
  for (const doc of docs) for (const key of Object.keys(doc.numbers)) keys.add(key);
  const columns = new Map<string, NumericColumn>();
  for (const key of [...keys].sort(compareStrings)) {
    const values = new Float64Array(docs.length).fill(NaN);
    const present: number[] = [];
    docs.forEach((doc, ordinal) => {
      const value = doc.numbers[key];
      if (value === undefined) return;
      values[ordinal] = value;
      present.push(ordinal);
    });
    const ascending = Uint32Array.from(present.sort((a, b) => (values[a] as number) - (values[b] as number) || a - b));
    const descending = Uint32Array.from(present.sort((a, b) => (values[b] as number) - (values[a] as number) || a - b));
    columns.set(key, numericColumn(key, values, ascending, descending));
  }
  return columns;
}

/** Assembles a column, deriving the presence bitset (also used when loading a snapshot). */
export function numericColumn(
  key: string,
  values: Float64Array,
  ascending: Uint32Array,
  descending: Uint32Array,
): NumericColumn {
  const present = createBitset(values.length);
  setList(present, ascending, 0, ascending.length);
  return { key, values, present, ascending, descending };
}
