import type { TextDecoder } from 'node:util';
import type { JsonValue } from '../../document';
import type { ServedDocument } from '../../engine';
import { hasBit } from '../bitset';
import { ordinalOf } from './binary-search';
import type { IndexRuntime } from './index-runtime';
import type { LiveIndex } from './live-index';

/**
 * What `read` makes of the live version of `id`: the one segment version that is not masked (a later segment's new
 * version or delete masks the earlier ones); undefined when the index lacks it.
 */
function liveVersion<T>(
  index: LiveIndex,
  id: string,
  read: (segment: IndexRuntime, ordinal: number) => T,
): T | undefined {
  for (const segment of index.segments) {
    const d = ordinalOf(segment.data.ids, id);
    if (d < 0 || (segment.deleted !== null && hasBit(segment.deleted.bits, d))) continue;
    return read(segment, d);
  }
  return undefined;
}

/** What `read` makes of the live version of each of `ids` (see liveVersion), keyed by id; absent ids left out. */
function liveVersions<T>(
  index: LiveIndex,
  ids: readonly string[],
  read: (segment: IndexRuntime, ordinal: number) => T,
): Map<string, T> {
  const out = new Map<string, T>();
  for (const id of ids) {
    const found = liveVersion(index, id, read);
    if (found !== undefined) out.set(id, found);
  }
  return out;
}

/** The detail kept for the live version of `id`, or null (none kept, or no such document). */
export const detailById = (index: LiveIndex, id: string): Uint8Array | null =>
  liveVersion(index, id, (segment, d) => segment.data.cards.detail(d)) ?? null;

/** The cards of the live documents among `ids`, keyed by id (see liveVersions). */
export function cardsById(index: LiveIndex, ids: readonly string[], decoder: TextDecoder): Map<string, JsonValue> {
  return liveVersions(index, ids, (segment, d) => JSON.parse(decoder.decode(segment.data.cards.card(d))) as JsonValue);
}

/** The cards and details of the live documents among `ids`, keyed by id (see liveVersions). */
export function documentsById(
  index: LiveIndex,
  ids: readonly string[],
  decoder: TextDecoder,
): Map<string, ServedDocument> {
  return liveVersions(index, ids, (segment, d) => ({
    card: JSON.parse(decoder.decode(segment.data.cards.card(d))) as JsonValue,
    detail: segment.data.cards.detail(d),
  }));
}
