import type { SearchDocument } from '../../document';
import { compareStrings } from '../../compare';
import { createBitset, setBit } from '../bitset';
import type { StringColumn } from '../index-data';

/** Ordinals sorted by `compare`, ties by ordinal: every presorted listing order. */
function order(count: number, compare: (a: number, b: number) => number): Uint32Array {
  const ordinals = Array.from({ length: count }, (_, i) => i);
  return Uint32Array.from(ordinals.sort((a, b) => compare(a, b) || a - b));
}

/** Per language: by folded sort name ascending, documents without one last. */
export function buildNameOrders(
  docs: readonly SearchDocument[],
  languages: readonly string[],
): Map<string, Uint32Array> {
  const orders = new Map<string, Uint32Array>();
  for (const lang of languages) {
    const names = docs.map((doc) => doc.sortKeys.name[lang]);
    orders.set(
      lang,
      order(docs.length, (a, b) => {
        const x = names[a];
        const y = names[b];
        if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
        return compareStrings(x, y);
      }),
    );
  }
  return orders;
}

/** Newest first. */
export function buildNewestOrder(docs: readonly SearchDocument[]): Uint32Array {
  return order(docs.length, (a, b) => (docs[b]?.sortKeys.createdAt ?? 0) - (docs[a]?.sortKeys.createdAt ?? 0));
}

/** Most popular first: relevance without text, and suggest. */
export function buildPopularOrder(docs: readonly SearchDocument[]): Uint32Array {
  return order(docs.length, (a, b) => (docs[b]?.popularity ?? 0) - (docs[a]?.popularity ?? 0));
}

/** createdAt per ordinal. */
export function buildCreatedAt(docs: readonly SearchDocument[]): Float64Array {
  return Float64Array.from(docs, (doc) => doc.sortKeys.createdAt);
}

/** Popularity per ordinal (0 when absent). */
export function buildPopularity(docs: readonly SearchDocument[]): Float64Array {
  return Float64Array.from(docs, (doc) => doc.popularity ?? 0);
}

/** Per language, the folded sort name of every document that has one, as UTF-8. */
export function buildSortNames(
  docs: readonly SearchDocument[],
  languages: readonly string[],
): Map<string, StringColumn> {
  const encoder = new TextEncoder();
  const columns = new Map<string, StringColumn>();
  for (const lang of languages) {
    const present = createBitset(docs.length);
    const chunks = docs.map((doc, ordinal) => {
      const name = doc.sortKeys.name[lang];
      if (name === undefined) return new Uint8Array(0);
      setBit(present, ordinal);
      return encoder.encode(name);
    });
    const offsets = new Uint32Array(docs.length + 1);
    chunks.forEach((chunk, i) => {
      offsets[i + 1] = (offsets[i] as number) + chunk.length;
    });
    const bytes = new Uint8Array(offsets[docs.length] as number);
    chunks.forEach((chunk, i) => {
      bytes.set(chunk, offsets[i] as number);
    });
    columns.set(lang, { bytes, offsets, present });
  }
  return columns;
}
