import type { SearchDocument } from '../../../../shared/search';
import { percentile } from '../../shared/timing';
import { MIX, PRICE_KEY } from '../queries';

/** A window of Q1 samples: idle (no update lands) or streaming (a round of changed documents every second). */
export interface Window {
  kind: 'idle' | 'streaming';
  ms: number;
}

/**
 * `cycles` pairs of one streaming and one idle window, the pair order flipping each cycle (S I, I S, S I, ...):
 * machine drift and the growing delta then fall on both kinds alike instead of on whichever ran second.
 */
export function interleavedWindows(cycles: number, streamingMs: number, idleMs: number): Window[] {
  const windows: Window[] = [];
  for (let c = 0; c < cycles; c++) {
    const streaming: Window = { kind: 'streaming', ms: streamingMs };
    const idle: Window = { kind: 'idle', ms: idleMs };
    windows.push(...(c % 2 === 0 ? [streaming, idle] : [idle, streaming]));
  }
  return windows;
}

/** A marker word only the changed documents of one round carry (letters only, too short for typo matching). */
export const marker = (round: number): string =>
  `qx${String.fromCharCode(97 + (round % 26))}${String.fromCharCode(97 + (Math.floor(round / 26) % 26))}`;

/** Positions (in the document list) of the documents a round changes; a position may repeat. */
export function roundPositions(round: number, changed: number, documents: number): number[] {
  return Array.from({ length: changed }, (_, k) => (round * 7919 + k * 104_729) % documents);
}

/** How many distinct documents a round changes (what a search for its marker must find). */
export const distinctChanged = (round: number, changed: number, documents: number): number =>
  new Set(roundPositions(round, changed, documents)).size;

/** The changed version of a document: its price down 10 % and the round's marker word in its English name. */
export function changedDocument(doc: SearchDocument, round: number): SearchDocument {
  const en = doc.text[MIX.language] ?? { name: '', brand: '', description: '' };
  const price = doc.numbers[PRICE_KEY];
  return {
    ...doc,
    text: { ...doc.text, [MIX.language]: { ...en, name: `${en.name} ${marker(round)}` } },
    numbers: price === undefined ? doc.numbers : { ...doc.numbers, [PRICE_KEY]: Math.round(price * 0.9) },
  };
}

/** Median, p95, p99 and max of samples (nearest rank; NaN when empty). */
export function sampleStats(values: readonly number[]): { median: number; p95: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}
