import type { TextDecoder } from 'node:util';
import type { JsonValue } from '../../document';
import type { SearchHit, SearchOptions } from '../../search-request';
import type { IndexData } from '../index-data';

/**
 * The hit of one document, its card decoded (only a page's few are ever read), unless the caller holds it
 * (SearchOptions.holdsCard): then its card is neither read nor decoded.
 */
export function toHit(
  data: IndexData,
  ordinal: number,
  scores: Float64Array | null,
  decoder: TextDecoder,
  options?: SearchOptions,
): SearchHit {
  const id = data.ids[ordinal] as string;
  const score = scores === null ? 0 : (scores[ordinal] as number);
  const cardKey = `${data.cards.key}:${ordinal}`;
  if (options?.holdsCard?.(cardKey) === true) return { id, score, card: null, cardKey };
  return { id, score, card: JSON.parse(decoder.decode(data.cards.card(ordinal))) as JsonValue, cardKey };
}
