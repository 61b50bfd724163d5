import { boundedEditDistance } from '../../../../../shared/search/analysis/edit-distance';

describe('boundedEditDistance (optimal string alignment, capped)', () => {
  it.each([
    ['running', 'running', 0],
    ['runing', 'running', 1],
    ['jakcet', 'jacket', 1],
    ['shoes', 'shorts', 2],
    ['ca', 'abc', 3],
    ['', 'ab', 2],
    ['abc', '', 3],
    ['kitten', 'sitting', 3],
  ])('%s ~ %s: %i edits (capped at 2 -> at most 3)', (a, b, edits) => {
    expect(boundedEditDistance(a, b, 2)).toBe(Math.min(edits, 3));
  });

  it('is symmetric and never above max + 1', () => {
    for (const [a, b] of [
      ['abcdef', 'badcfe'],
      ['lantern', 'lanterm'],
      ['x', 'yyyyy'],
    ] as const) {
      expect(boundedEditDistance(a, b, 2)).toBe(boundedEditDistance(b, a, 2));
      expect(boundedEditDistance(a, b, 1)).toBeLessThanOrEqual(2);
    }
  });
});
