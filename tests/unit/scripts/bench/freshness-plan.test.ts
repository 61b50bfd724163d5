import type { SearchDocument } from '../../../../shared/search';
import {
  changedDocument,
  distinctChanged,
  interleavedWindows,
  marker,
  roundPositions,
  sampleStats,
} from '../../../../scripts/bench/engine/freshness/freshness-plan';
import type { FreshnessResult } from '../../../../scripts/bench/engine/freshness/freshness-bench';
import { renderFreshness } from '../../../../scripts/bench/engine/freshness/freshness-report';
import { PRICE_KEY } from '../../../../scripts/bench/engine/queries';

describe('freshness bench plan', () => {
  it('interleaves streaming and idle windows, flipping the pair order each cycle', () => {
    const kinds = interleavedWindows(4, 3000, 2000).map((w) => `${w.kind[0]}${w.ms}`);
    expect(kinds).toEqual(['s3000', 'i2000', 'i2000', 's3000', 's3000', 'i2000', 'i2000', 's3000']);
  });

  it('gives each round its own letters-only marker', () => {
    const markers = Array.from({ length: 700 }, (_, r) => marker(r));
    expect(new Set(markers).size).toBe(676);
    expect(markers[0]).toBe('qxaa');
    expect(markers[27]).toBe('qxbb');
    expect(markers.every((m) => /^qx[a-z]{2}$/.test(m))).toBe(true);
  });

  it('picks positions inside the documents and counts the distinct ones', () => {
    expect(roundPositions(1, 3, 1000)).toEqual([919, 648, 377]);
    expect(roundPositions(0, 4, 2)).toEqual([0, 1, 0, 1]);
    expect(distinctChanged(0, 4, 2)).toBe(2);
  });

  it('changes a document by 10 % off its price and the marker in its English name, leaving the rest', () => {
    const doc = {
      id: 'p1',
      text: {
        en: { name: 'Wool coat', brand: 'b', description: 'd' },
        sv: { name: 'Ullrock', brand: 'b', description: 'd' },
      },
      numbers: { [PRICE_KEY]: 999, other: 5 },
    } as unknown as SearchDocument;
    const changed = changedDocument(doc, 1);
    expect(changed.text.en).toEqual({ name: 'Wool coat qxba', brand: 'b', description: 'd' });
    expect(changed.text.sv).toBe(doc.text.sv);
    expect(changed.numbers).toEqual({ [PRICE_KEY]: 899, other: 5 });
    expect(doc.numbers[PRICE_KEY]).toBe(999);
  });

  it('summarises samples by nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(sampleStats(samples)).toEqual({ median: 50, p95: 95, p99: 99, max: 100 });
    expect(Number.isNaN(sampleStats([]).median)).toBe(true);
  });
});

describe('freshness report', () => {
  const latency = (p99: number) => ({ p99, median: p99 / 2, runs: 1000 });
  const result: FreshnessResult = {
    documents: 97022,
    changed: 100,
    rounds: 20,
    visibleMs: { median: 60, p95: 90, max: 120 },
    refreshMs: { median: 55, max: 110 },
    reloadMs: { median: 6, max: 12 },
    mergedReloadMs: 55,
    windows: { cycles: 5, streamingMs: 3000, idleMs: 2000 },
    merged: latency(0.2),
    idle: latency(0.25),
    streaming: { ...latency(0.275), updates: 15 },
    firstAfterReload: { median: 0.22, max: 0.3, runs: 15 },
  };

  it('states the ratio against idle windows and, apart, what the delta costs against the merged base', () => {
    const text = renderFreshness(result).join('\n');
    expect(text).toContain('Listing p99 under streaming updates / idle: 1.10 (target: within 1.20).');
    expect(text).toContain('on the merged base: 1.25.');
    expect(text).toContain('5 cycles of one 3 s streaming window');
    expect(text).toContain('3 per window');
    expect(text).toContain('| Q1 streaming windows, base + delta (1000 runs, 15 deltas) | 0.14 ms | 0.28 ms (p99) | |');
    expect(text).toContain('| Serving process: reload of the base a merge wrote | 55 ms | | |');
  });

  it('leaves out the merged-base reload when no merge ran', () => {
    expect(renderFreshness({ ...result, mergedReloadMs: null }).join('\n')).not.toContain('a merge wrote');
  });
});
