import type { Filter, Pin, SearchDocument, SearchRequest } from '../../../../../shared/search';
import { pinIndices } from '../../../../../shared/search/merchandising';

/** Whether one document passes one filter (the reference engine's own test). */
type Matches = (doc: SearchDocument, filter: Filter) => boolean;

/** Documents in their sort's order, regrouped under relevance by rank tier: boosted only, neither or both, buried only. */
export function tiered(request: SearchRequest, sorted: SearchDocument[], matches: Matches): SearchDocument[] {
  if ((request.sort ?? 'relevance') !== 'relevance') return sorted;
  return [1, 0, -1].flatMap((t) => sorted.filter((doc) => tierOf(request, doc, matches) === t));
}

/** 1 in some boost set and no bury set, -1 the reverse, else 0. */
export function tierOf(request: SearchRequest, doc: SearchDocument, matches: Matches): number {
  const inAny = (sets: readonly Filter[][] | undefined) =>
    (sets ?? []).some((set) => set.every((f) => matches(doc, f)));
  return Number(inAny(request.boost)) - Number(inAny(request.bury));
}

/**
 * The page [from, from + size) of the whole answer written out: the pins present in `order` (first pin of an id
 * wins) at the indices pinIndices gives, the other ids in their order in the free slots.
 */
export function pinnedIds(pins: readonly Pin[], order: readonly string[], from: number, size: number): string[] {
  const inAnswer = new Set(order);
  const seen = new Set<string>();
  const present = pins.filter((pin) => inAnswer.has(pin.id) && !seen.has(pin.id) && seen.add(pin.id).size > 0);
  const whole = new Array<string | undefined>(order.length).fill(undefined);
  for (const { id, index } of pinIndices(present, order.length)) whole[index] = id;
  const natural = order.filter((id) => !seen.has(id));
  let next = 0;
  for (let i = 0; i < whole.length; i++) if (whole[i] === undefined) whole[i] = natural[next++];
  return (whole as string[]).slice(from, from + size);
}
