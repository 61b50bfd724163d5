import type { Pin } from '../../merchandising';
import { clearBit, hasBit, setBit } from '../bitset';
import { ordinalOf } from './binary-search';
import type { IndexRuntime } from './index-runtime';

/** Shared by every segment and request without pins. */
export const NO_ORDINALS: readonly number[] = [];
const NO_PINS: readonly Pin[] = [];

/**
 * The request's pins, each id once (its first pin wins): a product sits at one place of an answer. Computed
 * once per search; the per-segment ordinals (pinOrdinals) follow its order.
 */
export function distinctPins(pins: readonly Pin[] | undefined): readonly Pin[] {
  if (pins === undefined || pins.length === 0) return NO_PINS;
  const seen = new Set<string>();
  return pins.filter((pin) => {
    if (seen.has(pin.id)) return false;
    seen.add(pin.id);
    return true;
  });
}

/**
 * Ordinal of each pin in the segment (-1 where the segment lacks its id), in pin order. A base segment may hold
 * a replaced version too: its market mask leaves that one out of every answer.
 */
export function pinOrdinals(segment: IndexRuntime, pins: readonly Pin[]): readonly number[] {
  if (pins.length === 0) return NO_ORDINALS;
  return pins.map((pin) => ordinalOf(segment.data.ids, pin.id));
}

/**
 * Adds the pinned documents to the text's matches (a pin is in the answer whether or not it matches the text;
 * market, scope and filters still apply after). Returns those the text did not match: their score is 0.
 */
export function addPins(textBits: Uint32Array, ordinals: readonly number[]): readonly number[] {
  if (ordinals.length === 0) return NO_ORDINALS;
  const untexted: number[] = [];
  for (const d of ordinals) {
    if (d < 0 || hasBit(textBits, d)) continue;
    setBit(textBits, d);
    untexted.push(d);
  }
  return untexted;
}

/** Leaves the hidden ids out of `bits`; ids the segment lacks change nothing. */
export function removeHidden(segment: IndexRuntime, hide: readonly string[] | undefined, bits: Uint32Array): void {
  for (const id of hide ?? []) {
    const d = ordinalOf(segment.data.ids, id);
    if (d >= 0) clearBit(bits, d);
  }
}

/** Scores of pins the text did not match: 0, whatever scoring left there. */
export function zeroScores(scores: Float64Array, ordinals: readonly number[]): void {
  for (const d of ordinals) scores[d] = 0;
}
