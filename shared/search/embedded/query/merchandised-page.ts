import type { TextDecoder } from 'node:util';
import { pinIndices, pinnedPage, type Pin } from '../../merchandising';
import type { SearchRequest } from '../../search-request';
import { clearBit, hasBit } from '../bitset';
import type { IndexRuntime } from './index-runtime';
import type { LiveIndex } from './live-index';
import { pageDocs } from './page-docs';
import type { SegmentDoc } from './page-merge';
import { isTiered, tieredPage, type RankedSegment } from './tiered-page';

/** One segment's answer as paging sees it: its documents (see RankedSegment), and the ordinal of each pin in it (-1 where absent). */
export interface AnsweredSegment extends RankedSegment {
  pinned: readonly number[];
}

/** A pin present in the answer, and where its document lives. */
interface PresentPin {
  pin: Pin;
  doc: SegmentDoc;
}

/** Whether a request's page is more than its sort's order: pins placed in it, or rank tiers. */
export function reordersPage(pins: readonly Pin[], request: SearchRequest): boolean {
  return pins.length > 0 || isTiered(request);
}

/**
 * The documents of the page [from, from + size) of an answer of `total` documents with pins and rank tiers:
 * the pins present in the answer sit where pinIndices puts them, the other documents follow the (tiered) order
 * of the answer without them.
 */
export function merchandisedPage(
  index: LiveIndex,
  request: SearchRequest,
  pins: readonly Pin[],
  answer: readonly AnsweredSegment[],
  window: { from: number; size: number; total: number },
  scored: boolean,
  decoder: TextDecoder,
): SegmentDoc[] {
  const present = presentPins(pins, answer);
  if (present.length === 0) return naturalPage(index, request, answer, window, scored, decoder);
  const placed = pinIndices(
    present.map((p) => p.pin),
    window.total,
  );
  const { slots, naturalFrom, naturalSize } = pinnedPage(placed, window.from, window.size, window.total);
  const ranked = withoutPins(index, answer, present);
  const natural =
    naturalSize === 0
      ? []
      : naturalPage(index, request, ranked, { from: naturalFrom, size: naturalSize }, scored, decoder);
  const pinDocs = new Map(present.map((p) => [p.pin.id, p.doc]));
  return slots.flatMap((slot) => {
    const doc = 'pin' in slot ? pinDocs.get(slot.pin) : natural[slot.natural - naturalFrom];
    return doc === undefined ? [] : [doc];
  });
}

/** The pins whose document is in the answer (a hidden, filtered-out or unsellable one is not), in pin order. */
function presentPins(pins: readonly Pin[], answer: readonly AnsweredSegment[]): PresentPin[] {
  const present: PresentPin[] = [];
  pins.forEach((pin, p) => {
    answer.forEach((a, segment) => {
      const ordinal = a.pinned[p] ?? -1;
      if (ordinal >= 0 && hasBit(a.bits, ordinal)) present.push({ pin, doc: { segment, ordinal } });
    });
  });
  return present;
}

/** The page [from, from + size) of the natural order: tiered, or the request's sort. */
function naturalPage(
  index: LiveIndex,
  request: SearchRequest,
  ranked: readonly RankedSegment[],
  window: { from: number; size: number },
  scored: boolean,
  decoder: TextDecoder,
): SegmentDoc[] {
  if (isTiered(request)) return tieredPage(index, request, ranked, window.from, window.size, scored, decoder);
  return pageDocs(
    index,
    request,
    ranked.map((r) => r.bits),
    window.from,
    window.size,
    scored,
    decoder,
    ranked.map((r) => r.words),
  );
}

/** Each segment's answer less its present pins: the documents the natural order ranks (within the same words). */
function withoutPins(
  index: LiveIndex,
  answer: readonly AnsweredSegment[],
  present: readonly PresentPin[],
): RankedSegment[] {
  return answer.map((a, segment) => {
    const bits = (index.segments[segment] as IndexRuntime).scratch.acquire();
    bits.set(a.bits);
    let size = a.size;
    for (const { doc } of present) {
      if (doc.segment !== segment) continue;
      clearBit(bits, doc.ordinal);
      size--;
    }
    return { bits, size, words: a.words };
  });
}
