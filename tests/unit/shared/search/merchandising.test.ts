import {
  clauseWords,
  isMerchandised,
  pinIndices,
  pinnedPage,
  rankTier,
  textClauses,
} from '../../../../shared/search/merchandising';

describe('textClauses', () => {
  it('makes each word a clause of itself without rewrites', () => {
    expect(textClauses('Red  Trainers')).toEqual([[['red']], [['trainers']]]);
    expect(textClauses(undefined)).toEqual([]);
  });

  it('replaces a rewritten run by its alternatives, tokenised', () => {
    const clauses = textClauses('red running shoes', [
      { start: 1, length: 2, alternatives: ['running shoes', 'Sneaker', 'trainer'] },
    ]);
    expect(clauses).toEqual([[['red']], [['running', 'shoes'], ['sneaker'], ['trainer']]]);
  });

  it('drops empty alternatives, and a clause left with none', () => {
    expect(textClauses('a b', [{ start: 0, length: 1, alternatives: ['  ', 'x'] }])).toEqual([[['x']], [['b']]]);
    expect(textClauses('a b', [{ start: 1, length: 1, alternatives: ['--'] }])).toEqual([[['a']]]);
  });

  it('ignores a rewrite past the end of the words', () => {
    expect(textClauses('a b', [{ start: 1, length: 2, alternatives: ['x'] }])).toEqual([[['a']], [['b']]]);
  });

  it('lists each word once for typo lookups', () => {
    expect(clauseWords([[['red']], [['running', 'shoe'], ['red']]])).toEqual(['red', 'running', 'shoe']);
  });
});

describe('rankTier', () => {
  it('ranks boost-only first, bury-only last, both or neither between', () => {
    expect([rankTier(true, false), rankTier(false, false), rankTier(true, true), rankTier(false, true)]).toEqual([
      1, 0, 0, -1,
    ]);
  });
});

describe('pinIndices', () => {
  it('puts each pin at position - 1', () => {
    expect(
      pinIndices(
        [
          { id: 'b', position: 3 },
          { id: 'a', position: 1 },
        ],
        10,
      ),
    ).toEqual([
      { id: 'a', index: 0 },
      { id: 'b', index: 2 },
    ]);
  });

  it('moves a pin whose position is taken right after the previous one, in request order', () => {
    expect(
      pinIndices(
        [
          { id: 'a', position: 2 },
          { id: 'b', position: 2 },
          { id: 'c', position: 3 },
        ],
        10,
      ),
    ).toEqual([
      { id: 'a', index: 1 },
      { id: 'b', index: 2 },
      { id: 'c', index: 3 },
    ]);
  });

  it('packs pins past the end at the end, in order', () => {
    expect(
      pinIndices(
        [
          { id: 'a', position: 1 },
          { id: 'b', position: 8 },
          { id: 'c', position: 9 },
        ],
        4,
      ),
    ).toEqual([
      { id: 'a', index: 0 },
      { id: 'b', index: 2 },
      { id: 'c', index: 3 },
    ]);
  });
});

describe('pinnedPage', () => {
  const placed = [
    { id: 'p1', index: 0 },
    { id: 'p3', index: 2 },
  ];

  it('interleaves pins with the natural order on the first page', () => {
    expect(pinnedPage(placed, 0, 4, 10)).toEqual({
      slots: [{ pin: 'p1' }, { natural: 0 }, { pin: 'p3' }, { natural: 1 }],
      naturalFrom: 0,
      naturalSize: 2,
    });
  });

  it('continues the natural order on later pages without repeating a pinned product', () => {
    expect(pinnedPage(placed, 4, 4, 10)).toEqual({
      slots: [{ natural: 2 }, { natural: 3 }, { natural: 4 }, { natural: 5 }],
      naturalFrom: 2,
      naturalSize: 4,
    });
  });

  it('stops at the total', () => {
    expect(pinnedPage(placed, 0, 10, 3)).toEqual({
      slots: [{ pin: 'p1' }, { natural: 0 }, { pin: 'p3' }],
      naturalFrom: 0,
      naturalSize: 1,
    });
    expect(pinnedPage(placed, 10, 5, 3)).toEqual({ slots: [], naturalFrom: 8, naturalSize: 0 });
  });
});

describe('isMerchandised', () => {
  it('is true when any list has entries', () => {
    expect(isMerchandised({})).toBe(false);
    expect(isMerchandised({ pins: [], hide: [] })).toBe(false);
    expect(isMerchandised({ hide: ['1'] })).toBe(true);
  });
});
