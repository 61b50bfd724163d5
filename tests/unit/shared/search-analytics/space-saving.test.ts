import fc from 'fast-check';
import { SpaceSaving } from '../../../../shared/search-analytics/space-saving';

const none = () => null;

/** Observes a stream and returns the summary with the true counts beside it. */
function summarise(capacity: number, stream: readonly string[]) {
  const summary = new SpaceSaving<null>(capacity);
  const truth = new Map<string, number>();
  for (const key of stream) {
    summary.observe(key, none);
    truth.set(key, (truth.get(key) ?? 0) + 1);
  }
  return { summary, truth };
}

describe('SpaceSaving', () => {
  it('counts exactly while every key fits, highest first and ties by key', () => {
    const { summary } = summarise(3, ['b', 'a', 'b', 'c', 'b', 'a']);
    expect(summary.top().map(({ key, count, error }) => ({ key, count, error }))).toEqual([
      { key: 'b', count: 3, error: 0 },
      { key: 'a', count: 2, error: 0 },
      { key: 'c', count: 1, error: 0 },
    ]);
    expect(summary.total).toBe(6);
    expect(summary.top(1).map((e) => e.key)).toEqual(['b']);
  });

  it('lets a new key replace one of the smallest count, inheriting it as its possible overcount', () => {
    const { summary } = summarise(2, ['a', 'a', 'b', 'c']);
    // b (1) was the smallest: c takes its place with count 2, of which 1 may be b's.
    expect(summary.top().map(({ key, count, error }) => ({ key, count, error }))).toEqual([
      { key: 'a', count: 2, error: 0 },
      { key: 'c', count: 2, error: 1 },
    ]);
    expect(summary.size).toBe(2);
  });

  it("starts a replaced key's data afresh and keeps a kept key's data", () => {
    const summary = new SpaceSaving<{ seen: number }>(1);
    summary.observe('a', () => ({ seen: 0 })).data.seen += 1;
    summary.observe('a', () => ({ seen: 0 })).data.seen += 1;
    expect(summary.top()[0]?.data).toEqual({ seen: 2 });
    summary.observe('b', () => ({ seen: 0 })).data.seen += 1;
    expect(summary.top()[0]).toMatchObject({ key: 'b', count: 3, error: 2, data: { seen: 1 } });
  });

  it('counts weighted observations', () => {
    const summary = new SpaceSaving<null>(2);
    summary.observe('a', none, 5);
    summary.observe('b', none, 2);
    summary.observe('b', none, 4);
    expect(summary.top().map((e) => [e.key, e.count])).toEqual([
      ['b', 6],
      ['a', 5],
    ]);
    expect(summary.total).toBe(11);
  });

  it('refuses a capacity or a weight that is not a positive integer', () => {
    expect(() => new SpaceSaving(0)).toThrow('capacity');
    expect(() => new SpaceSaving(1.5)).toThrow('capacity');
    expect(() => new SpaceSaving<null>(2).observe('a', none, 0)).toThrow('weight');
  });

  it('keeps its guarantees on any stream (property)', () => {
    const keys = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(keys, { maxLength: 300 }), (capacity, stream) => {
        const { summary, truth } = summarise(capacity, stream);
        const kept = summary.top();
        expect(kept.length).toBe(Math.min(capacity, truth.size));
        // Every observation is in some kept count.
        expect(kept.reduce((sum, e) => sum + e.count, 0)).toBe(stream.length);
        for (const entry of kept) {
          const actual = truth.get(entry.key) ?? 0;
          expect(entry.count - entry.error).toBeLessThanOrEqual(actual);
          expect(actual).toBeLessThanOrEqual(entry.count);
        }
        // Any key seen more than N / capacity times is kept.
        for (const [key, count] of truth)
          if (count > stream.length / capacity) expect(kept.some((e) => e.key === key)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('stays within its capacity under a flood of distinct keys', () => {
    const summary = new SpaceSaving<null>(100);
    for (let i = 0; i < 100_000; i++) summary.observe(`bot-${i}`, none);
    for (let i = 0; i < 5_000; i++) summary.observe('real query', none);
    expect(summary.size).toBe(100);
    expect(summary.top(1)[0]?.key).toBe('real query');
  });
});
