import { Scratch } from '../../../../../shared/search/embedded/query/scratch';

describe('a query scratch’s document list', () => {
  const filler = (docs: number[]) => {
    let calls = 0;
    const fill = (out: Uint32Array) => {
      calls++;
      out.set(docs);
      return docs.length;
    };
    return { fill, calls: () => calls };
  };

  it('is listed once for an owner, however often it is asked for', () => {
    const scratch = new Scratch(10);
    const owner = {};
    const { fill, calls } = filler([1, 4, 9]);
    expect([...scratch.listFor(owner, fill)]).toEqual([1, 4, 9]);
    expect([...scratch.listFor(owner, fill)]).toEqual([1, 4, 9]);
    expect(calls()).toBe(1);
  });

  it('is listed again for another owner, and after a reset (a new query)', () => {
    const scratch = new Scratch(10);
    const owner = {};
    const first = filler([2, 3]);
    const second = filler([5]);
    scratch.listFor(owner, first.fill);
    expect([...scratch.listFor({}, second.fill)]).toEqual([5]);
    expect([...scratch.listFor(owner, first.fill)]).toEqual([2, 3]);
    scratch.reset();
    scratch.listFor(owner, first.fill);
    expect(first.calls()).toBe(3);
  });

  it('counts once for an owner into zeroed counters of their own, and again after a reset', () => {
    const scratch = new Scratch(10);
    const owner = {};
    let calls = 0;
    const fill = (counts: Uint32Array) => {
      calls++;
      counts[1] = (counts[1] as number) + 2;
    };
    expect([...scratch.countsFor(owner, 3, fill)]).toEqual([0, 2, 0]);
    scratch.zeroedCounts(3).fill(9);
    expect([...scratch.countsFor(owner, 3, fill)]).toEqual([0, 2, 0]);
    expect(calls).toBe(1);
    scratch.reset();
    expect([...scratch.countsFor(owner, 3, fill)]).toEqual([0, 2, 0]);
    expect(calls).toBe(2);
  });
});
