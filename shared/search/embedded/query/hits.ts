import type { TextDecoder } from 'node:util';
import type { JsonValue } from '../../document';
import type { SearchHit } from '../../search-request';
import type { IndexData } from '../index-data';

/** Decodes the cards of a page (only these few are ever parsed). */
export function toHits(
  data: IndexData,
  ordinals: readonly number[],
  scores: Float64Array | null,
  decoder: TextDecoder,
): SearchHit[] {
  return ordinals.map((d) => ({
    id: data.ids[d] as string,
    score: scores === null ? 0 : (scores[d] as number),
    card: JSON.parse(decoder.decode(data.cards.card(d))) as JsonValue,
  }));
}
