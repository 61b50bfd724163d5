import type { TextDecoder } from 'node:util';
import type { JsonValue } from '../../document';
import { hasBit } from '../bitset';
import { ordinalOf } from './binary-search';
import type { LiveIndex } from './live-index';

/**
 * The cards of the live documents among `ids`, keyed by id: of each id, the one segment version that is not
 * masked (a later segment's new version or delete masks the earlier ones); ids the index lacks are left out.
 */
export function cardsById(index: LiveIndex, ids: readonly string[], decoder: TextDecoder): Map<string, JsonValue> {
  const out = new Map<string, JsonValue>();
  for (const id of ids) {
    for (const segment of index.segments) {
      const d = ordinalOf(segment.data.ids, id);
      if (d < 0 || (segment.deleted !== null && hasBit(segment.deleted.bits, d))) continue;
      out.set(id, JSON.parse(decoder.decode(segment.data.cards.card(d))) as JsonValue);
      break;
    }
  }
  return out;
}
