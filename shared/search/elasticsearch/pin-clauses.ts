import type { Pin } from '../merchandising';
import type { EsQuery } from './filter-clauses';

/**
 * Documents by `_id` (the product id, as bulk writes it):
 * https://www.elastic.co/guide/en/elasticsearch/reference/8.18/query-dsl-ids-query.html Pure.
 */
export function idsQuery(ids: readonly string[]): EsQuery {
  return { ids: { values: [...ids] } };
}

/** The distinct pinned ids, in request order. Pure. */
export function pinIds(pins: readonly Pin[]): string[] {
  return [...new Set(pins.map((pin) => pin.id))];
}

/**
 * The text part of a request with pins: the text, or a pinned id. The pinned side is a constant_score of boost
 * 0 (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/query-dsl-constant-score-query.html), so in
 * the bool `should` (minimum_should_match 1, scores summed:
 * https://www.elastic.co/guide/en/elasticsearch/reference/8.18/query-dsl-bool-query.html) a pinned document
 * scores its text score, and 0 when it does not match the text. Without text or pins the text is unchanged:
 * without text every document passing the filters is in the answer already. Pure.
 */
export function pinnedText(text: EsQuery[], ids: readonly string[]): EsQuery[] {
  if (text.length === 0 || ids.length === 0) return text;
  const pinned: EsQuery = { constant_score: { filter: idsQuery(ids), boost: 0 } };
  return [{ bool: { should: [{ bool: { must: text } }, pinned], minimum_should_match: 1 } }];
}

/**
 * The pins whose products are in the answer (`found`), in request order, each id once (its first pin: a
 * product is shown once). Pure.
 */
export function presentPins(pins: readonly Pin[], found: ReadonlySet<string>): Pin[] {
  const seen = new Set<string>();
  return pins.filter((pin) => {
    if (!found.has(pin.id) || seen.has(pin.id)) return false;
    seen.add(pin.id);
    return true;
  });
}
