import type { SearchDocument } from '../../document';
import { compareStrings } from '../../compare';

/** Ordinals sorted by `compare`, ties by ordinal: every presorted listing order. */
function order(count: number, compare: (a: number, b: number) => number): Uint32Array {
  const ordinals = Array.from({ length: count }, (_, i) => i);
  return Uint32Array.from(ordinals.sort((a, b) => compare(a, b) || a - b));
}

/** Per language: by folded sort name ascending, documents without one last. */
export function buildNameOrders(docs: readonly SearchDocument[], languages: readonly string[]): Map<string, Uint32Array> {
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
