import type { Filter, SearchHit } from '../../../../../shared/search';
import { pinIndices, pinnedPage, type Pin } from '../../../../../shared/search/merchandising';
import {
  coveredHits,
  neededWindows,
  speculativeWindows,
  SPECULATION_LIMIT,
  type NaturalWindow,
} from '../../../../../shared/search/elasticsearch/natural-windows';
import type { Tier } from '../../../../../shared/search/elasticsearch/tier-clauses';

const nike: Filter = { kind: 'terms', key: 'brand', values: ['nike'], match: 'any' };
const hit = (id: string): SearchHit => ({ id, score: 0, card: null });
const NO_COUNTS = { top: 0, middle: 0, bottom: 0 };

/** The hits a window of a tier holding `count` documents answers: ids `tier:rank`, cut at the tier's end. */
function answer(window: NaturalWindow, count: number): SearchHit[] {
  const end = Math.min(window.from + window.size, count);
  return Array.from({ length: Math.max(0, end - window.from) }, (_, i) =>
    hit(`${window.tier ?? 'all'}:${window.from + i}`),
  );
}

/** A small deterministic generator (mulberry32), so the exhaustive-ish check below is reproducible. */
function random(seed: number): (n: number) => number {
  let a = seed;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

describe('natural windows', () => {
  it('needed: one window untiered, the part of each tier spanned when tiered, none for an empty range', () => {
    expect(neededWindows(false, NO_COUNTS, { from: 3, size: 4 })).toEqual([{ tier: null, from: 3, size: 4 }]);
    expect(neededWindows(true, { top: 2, middle: 5, bottom: 9 }, { from: 1, size: 8 })).toEqual([
      { tier: 'top', from: 1, size: 1 },
      { tier: 'middle', from: 0, size: 5 },
      { tier: 'bottom', from: 0, size: 2 },
    ]);
    expect(neededWindows(true, { top: 2, middle: 5, bottom: 9 }, { from: 4, size: 0 })).toEqual([]);
  });

  it('speculative, untiered: [max(0, from - pins), from + size), so exactly the page on page 1', () => {
    const untiered = {};
    expect(speculativeWindows(untiered, { from: 0, size: 24 }, 2)).toEqual([{ tier: null, from: 0, size: 24 }]);
    expect(speculativeWindows(untiered, { from: 20, size: 10 }, 2)).toEqual([{ tier: null, from: 18, size: 12 }]);
    expect(speculativeWindows(untiered, { from: 3, size: 3 }, 5)).toEqual([{ tier: null, from: 0, size: 6 }]);
    // Pins never make it deep: every page of an untiered order is covered, wherever it is.
    expect(speculativeWindows(untiered, { from: 9_000, size: 100 }, 100)).toEqual([
      { tier: null, from: 8_900, size: 200 },
    ]);
    expect(speculativeWindows({ boost: [[nike]], sort: 'price_asc' }, { from: 200, size: 10 }, 0)).toEqual([
      { tier: null, from: 200, size: 10 },
    ]);
    expect(speculativeWindows(untiered, { from: 0, size: 0 }, 2)).toEqual([]);
  });

  it('speculative, tiered: the tiers that may hold documents up to the page end, the first from max(0, from - pins)', () => {
    expect(speculativeWindows({ boost: [[nike]] }, { from: 0, size: 24 }, 0)).toEqual([
      { tier: 'top', from: 0, size: 24 },
      { tier: 'middle', from: 0, size: 24 },
    ]);
    expect(speculativeWindows({ bury: [[nike]] }, { from: 48, size: 24 }, 2)).toEqual([
      { tier: 'middle', from: 46, size: 26 },
      { tier: 'bottom', from: 0, size: 72 },
    ]);
    expect(
      speculativeWindows({ boost: [[nike]], bury: [[nike]], sort: 'relevance' }, { from: 10, size: 10 }, 0),
    ).toEqual([
      { tier: 'top', from: 10, size: 10 },
      { tier: 'middle', from: 0, size: 20 },
      { tier: 'bottom', from: 0, size: 20 },
    ]);
  });

  it('speculative, tiered: none for a page ending past the limit (a second round instead), nothing for an empty page', () => {
    expect(SPECULATION_LIMIT).toBe(100);
    expect(speculativeWindows({ boost: [[nike]] }, { from: 0, size: 100 }, 0)).toHaveLength(2);
    expect(speculativeWindows({ boost: [[nike]] }, { from: 96, size: 24 }, 0)).toBeNull();
    expect(speculativeWindows({ boost: [[nike]] }, { from: 10, size: 10 }, 0, 19)).toBeNull();
    // top_hits cannot reach past index.max_inner_result_window (100), whatever limit is asked for.
    expect(speculativeWindows({ boost: [[nike]] }, { from: 100, size: 20 }, 0, 1_000)).toBeNull();
    expect(speculativeWindows({ boost: [[nike]] }, { from: 0, size: 0 }, 0)).toEqual([]);
  });

  it('covered: the needed windows cut out of the fetched ones of their tier, in order', () => {
    const fetched: NaturalWindow[] = [
      { tier: 'top', from: 2, size: 4 },
      { tier: 'middle', from: 0, size: 6 },
    ];
    const hits = [answer(fetched[0] as NaturalWindow, 5), answer(fetched[1] as NaturalWindow, 100)];
    const needed: NaturalWindow[] = [
      { tier: 'top', from: 3, size: 2 },
      { tier: 'middle', from: 0, size: 3 },
    ];
    expect(coveredHits(needed, fetched, hits)?.map((h) => h.id)).toEqual([
      'top:3',
      'top:4',
      'middle:0',
      'middle:1',
      'middle:2',
    ]);
    expect(coveredHits([], [], [])).toEqual([]);
  });

  it('covered: null when a needed window is outside every fetched one of its tier, or came back short', () => {
    const fetched: NaturalWindow[] = [{ tier: 'middle', from: 2, size: 4 }];
    const hits = [answer(fetched[0] as NaturalWindow, 100)];
    expect(coveredHits([{ tier: 'middle', from: 1, size: 2 }], fetched, hits)).toBeNull();
    expect(coveredHits([{ tier: 'middle', from: 4, size: 3 }], fetched, hits)).toBeNull();
    expect(coveredHits([{ tier: 'top', from: 2, size: 1 }], fetched, hits)).toBeNull();
    expect(coveredHits([{ tier: null, from: 2, size: 1 }], fetched, hits)).toBeNull();
    // The counts promised ranks 2..5 of the tier; a window answering fewer (the index changed) is refused.
    expect(
      coveredHits([{ tier: 'middle', from: 2, size: 4 }], fetched, [answer(fetched[0] as NaturalWindow, 5)]),
    ).toBeNull();
    expect(
      coveredHits([{ tier: 'middle', from: 2, size: 3 }], fetched, [answer(fetched[0] as NaturalWindow, 5)])?.map(
        (h) => h.id,
      ),
    ).toEqual(['middle:2', 'middle:3', 'middle:4']);
  });

  // The bound of speculativeWindows' comment, checked: whatever pins turn out present and whatever the tier
  // counts, the page's natural part is cut out of the speculative windows, exactly.
  it('speculation covers every page below the limit: random pins, presence, totals, tier counts and pages', () => {
    const next = random(23);
    const misses: unknown[] = [];
    for (let run = 0; run < 5_000; run++) {
      const pins: Pin[] = Array.from({ length: next(5) }, (_, i) => ({
        id: `p${next(4)}${i % 2}`,
        position: 1 + next(12),
      }));
      const ids = [...new Set(pins.map((p) => p.id))];
      const present = ids.filter(() => next(3) > 0);
      const kept = pins.filter((p, i) => present.includes(p.id) && pins.findIndex((q) => q.id === p.id) === i);
      const [boosted, buried] = [next(2) === 1, next(2) === 1];
      const request = { ...(boosted ? { boost: [[nike]] } : {}), ...(buried ? { bury: [[nike]] } : {}) };
      // A tier without its sets holds nothing (tierClauses); the middle one may hold anything.
      const counts: Record<Tier, number> = {
        top: boosted ? next(8) : 0,
        middle: next(12),
        bottom: buried ? next(8) : 0,
      };
      const naturalTotal = counts.top + counts.middle + counts.bottom;
      const total = naturalTotal + kept.length;
      const size = 1 + next(6);
      const from = size * next(6);
      const { naturalFrom, naturalSize } = pinnedPage(pinIndices(kept, total), from, size, total);
      const needed = neededWindows(boosted || buried, counts, { from: naturalFrom, size: naturalSize });
      const fetched = speculativeWindows(request, { from, size }, ids.length) ?? [];
      const count = (tier: Tier | null) => (tier === null ? naturalTotal : counts[tier]);
      const expected = needed.flatMap((w) => answer(w, count(w.tier)).map((h) => h.id));
      const got = coveredHits(
        needed,
        fetched,
        fetched.map((w) => answer(w, count(w.tier))),
      );
      const ok = got !== null && expected.length === naturalSize && got.map((h) => h.id).join() === expected.join();
      if (!ok) misses.push({ pins, present, counts, from, size, needed, fetched });
    }
    expect(misses.slice(0, 3)).toEqual([]);
  });
});
