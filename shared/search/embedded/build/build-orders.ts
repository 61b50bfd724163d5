import type { KeptDocument } from '../kept-document';
import { compareStrings } from '../../compare';
import { createBitset, setBit } from '../bitset';
import type { StringColumn } from '../index-data';

/**
 * Ordinals by ascending rank, ties by ordinal: a counting sort, so no comparator runs per pair of documents (the
 * comparator sorts of the name, newest and popular orders were about 1.4 s of a 100k build's profile). `ranks[i]`
 * is below `rankCount`.
 */
function orderByRank(ranks: Uint32Array, rankCount: number): Uint32Array {
  const starts = new Uint32Array(rankCount + 1);
  for (let i = 0; i < ranks.length; i++) starts[(ranks[i] as number) + 1]++;
  for (let r = 0; r < rankCount; r++) starts[r + 1] += starts[r] as number;
  const ordinals = new Uint32Array(ranks.length);
  for (let i = 0; i < ranks.length; i++) {
    const rank = ranks[i] as number;
    ordinals[starts[rank] as number] = i;
    starts[rank]++;
  }
  return ordinals;
}

/** Ordinals by descending key, ties by ordinal (keys are finite; -0 and 0 are one key). */
function orderDescending(keys: Float64Array): Uint32Array {
  const distinct = Float64Array.from(new Set(keys)).sort();
  const rankOf = new Map<number, number>();
  distinct.forEach((key, i) => {
    rankOf.set(key, distinct.length - 1 - i);
  });
  return orderByRank(
    Uint32Array.from(keys, (key) => rankOf.get(key) as number),
    distinct.length,
  );
}

/** Per language: by folded sort name ascending, documents without one last. */
export function buildNameOrders(docs: readonly KeptDocument[], languages: readonly string[]): Map<string, Uint32Array> {
  // One sort of the distinct names ranks every language's.
  const distinct = new Set<string>();
  for (const doc of docs) {
    for (const lang of languages) {
      const name = doc.sortKeys.name[lang];
      if (name !== undefined) distinct.add(name);
    }
  }
  const sorted = [...distinct].sort(compareStrings);
  const rankOf = new Map(sorted.map((name, i) => [name, i]));
  const orders = new Map<string, Uint32Array>();
  for (const lang of languages) {
    // Documents without a name last.
    const ranks = Uint32Array.from(docs, (doc) => {
      const name = doc.sortKeys.name[lang];
      return name === undefined ? sorted.length : (rankOf.get(name) as number);
    });
    orders.set(lang, orderByRank(ranks, sorted.length + 1));
  }
  return orders;
}

/** Newest first. */
export function buildNewestOrder(docs: readonly KeptDocument[]): Uint32Array {
  return orderDescending(Float64Array.from(docs, (doc) => doc.sortKeys.createdAt));
}

/** Most popular first: relevance without text, and suggest. */
export function buildPopularOrder(docs: readonly KeptDocument[]): Uint32Array {
  return orderDescending(Float64Array.from(docs, (doc) => doc.popularity ?? 0));
}

/** createdAt per ordinal. */
export function buildCreatedAt(docs: readonly KeptDocument[]): Float64Array {
  return Float64Array.from(docs, (doc) => doc.sortKeys.createdAt);
}

/** Popularity per ordinal (0 when absent). */
export function buildPopularity(docs: readonly KeptDocument[]): Float64Array {
  return Float64Array.from(docs, (doc) => doc.popularity ?? 0);
}

/** Per language, the folded sort name of every document that has one, as UTF-8. */
export function buildSortNames(docs: readonly KeptDocument[], languages: readonly string[]): Map<string, StringColumn> {
  const columns = new Map<string, StringColumn>();
  for (const lang of languages) {
    const present = createBitset(docs.length);
    const offsets = new Uint32Array(docs.length + 1);
    docs.forEach((doc, ordinal) => {
      const name = doc.sortKeys.name[lang];
      if (name !== undefined) setBit(present, ordinal);
      offsets[ordinal + 1] = (offsets[ordinal] as number) + (name === undefined ? 0 : Buffer.byteLength(name));
    });
    // Written in place: a TextEncoder array per name was a small buffer to allocate and collect per document.
    const bytes = new Uint8Array(offsets[docs.length] as number);
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    docs.forEach((doc, ordinal) => {
      const name = doc.sortKeys.name[lang];
      if (name !== undefined) view.write(name, offsets[ordinal] as number);
    });
    columns.set(lang, { bytes, offsets, present });
  }
  return columns;
}
