import type { Filter } from './filters';
import { tokenize } from './analysis/tokenize';

/**
 * A run of the query's words that the shop's synonyms rewrite: the words at [start, start + length) of
 * tokenize(text) match when any one of `alternatives` matches. Each alternative is a phrase whose every word
 * must match, as a query word does (stem, typo, SKU); the rewriter lists the original words among them when
 * they should still match. Runs do not overlap.
 */
export interface SynonymRewrite {
  start: number;
  length: number;
  alternatives: string[];
}

/** A product shown at a 1-based position of the answer (see SearchRequest.pins). */
export interface Pin {
  id: string;
  position: number;
}

/**
 * The text of a request as clauses: every clause must match; a clause matches when one of its alternatives
 * does; an alternative matches when each of its words does. Words no rewrite covers are clauses of one
 * alternative of one word. Alternatives without words are dropped, a clause left without any is dropped. Pure.
 */
export function textClauses(text: string | undefined, rewrites: readonly SynonymRewrite[] = []): string[][][] {
  const words = tokenize(text ?? '');
  const clauses: string[][][] = [];
  const byStart = new Map(rewrites.map((r) => [r.start, r]));
  for (let i = 0; i < words.length; ) {
    const rewrite = byStart.get(i);
    if (rewrite === undefined || rewrite.length < 1 || i + rewrite.length > words.length) {
      clauses.push([[words[i] as string]]);
      i += 1;
      continue;
    }
    const alternatives = rewrite.alternatives.map(tokenize).filter((words) => words.length > 0);
    if (alternatives.length > 0) clauses.push(alternatives);
    i += rewrite.length;
  }
  return clauses;
}

/** Every distinct word of the clauses, in order of first appearance (what typo lookups need). */
export function clauseWords(clauses: readonly (readonly (readonly string[])[])[]): string[] {
  return [...new Set(clauses.flat(2))];
}

/**
 * Rank tier of a document under a request's boosts and buries: 1 when it matches a boost set and no bury set,
 * -1 for the reverse, 0 otherwise. Sets are ANDs of filters.
 */
export function rankTier(inBoost: boolean, inBury: boolean): -1 | 0 | 1 {
  if (inBoost === inBury) return 0;
  return inBoost ? 1 : -1;
}

/** One slot of a page: a pinned product, or the n-th (0-based) document of the order without the pins. */
export type PageSlot = { pin: string } | { natural: number };

/**
 * Where the pins present in an answer of `total` documents land: sorted by position (then request order), each
 * at position - 1, or right after the previous pin when that is taken, and never past the end (pins that would
 * be are packed at the end in order). Returns the final 0-based index of each pin. Pure.
 */
export function pinIndices(present: readonly Pin[], total: number): { id: string; index: number }[] {
  const sorted = present
    .map((pin, order) => ({ pin, order }))
    .sort((a, b) => a.pin.position - b.pin.position || a.order - b.order);
  const placed: { id: string; index: number }[] = [];
  let previous = -1;
  for (const { pin } of sorted) {
    previous = Math.max(pin.position - 1, previous + 1);
    placed.push({ id: pin.id, index: previous });
  }
  for (let i = placed.length - 1, limit = total - 1; i >= 0; i--, limit--) {
    const slot = placed[i] as { id: string; index: number };
    if (slot.index > limit) slot.index = limit;
  }
  return placed;
}

/**
 * The slots of the page [from, from + size) of an answer whose pins sit at `placed` (pinIndices) and whose
 * other documents follow their own order: which pins, and which window of that order, make up the page. Pure.
 */
export function pinnedPage(
  placed: readonly { id: string; index: number }[],
  from: number,
  size: number,
  total: number,
): { slots: PageSlot[]; naturalFrom: number; naturalSize: number } {
  const at = new Map(placed.map((p) => [p.index, p.id]));
  const before = placed.filter((p) => p.index < from).length;
  const slots: PageSlot[] = [];
  let natural = from - before;
  const naturalFrom = natural;
  for (let index = from; index < Math.min(from + size, total); index++) {
    const pin = at.get(index);
    if (pin !== undefined) slots.push({ pin });
    else slots.push({ natural: natural++ });
  }
  return { slots, naturalFrom, naturalSize: natural - naturalFrom };
}

/** What a request's merchandising asks of an engine beyond plain text: whether any of it is set. */
export function isMerchandised(request: {
  synonyms?: readonly unknown[];
  pins?: readonly unknown[];
  hide?: readonly unknown[];
  boost?: readonly unknown[];
  bury?: readonly unknown[];
}): boolean {
  return [request.synonyms, request.pins, request.hide, request.boost, request.bury].some(
    (list) => list !== undefined && list.length > 0,
  );
}

/** A boost or bury set: the documents matching every one of its filters; callers never send an empty set. */
export type FilterSet = Filter[];
