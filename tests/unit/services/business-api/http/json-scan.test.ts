import { nestsDeeperThan, pathsOfStringsContaining } from '../../../../../services/business-api/http/json-scan';

const nestedArrays = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

describe('nestsDeeperThan', () => {
  it('counts container levels: a scalar is 0, [] is 1', () => {
    expect(nestsDeeperThan('x', 0)).toBe(false);
    expect(nestsDeeperThan([], 0)).toBe(true);
    expect(nestsDeeperThan([], 1)).toBe(false);
    expect(nestsDeeperThan({ a: [{}] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{}] }, 2)).toBe(true);
    expect(nestsDeeperThan(null, 0)).toBe(false);
  });

  it('finds the deep branch among shallow ones', () => {
    expect(nestsDeeperThan({ a: 1, b: [2, 3], c: { d: nestedArrays(5) } }, 7)).toBe(false);
    expect(nestsDeeperThan({ a: 1, b: [2, 3], c: { d: nestedArrays(5) } }, 6)).toBe(true);
  });

  it('walks 100,000 levels and 200,000 siblings without overflowing the stack', () => {
    expect(nestsDeeperThan(nestedArrays(100_000), 32)).toBe(true);
    expect(nestsDeeperThan(new Array(200_000).fill(0), 32)).toBe(false);
  });
});

describe('pathsOfStringsContaining', () => {
  it('lists the path of every string holding the needle, in document order', () => {
    const value = { a: 'x\u0000', b: ['ok', { c: '\u0000' }], __proto_like: 'no', d: 7 };
    expect(pathsOfStringsContaining(value, '\u0000')).toEqual([['a'], ['b', 1, 'c']]);
  });

  it('treats keys named like built-in properties as plain names', () => {
    const value = JSON.parse('{"__proto__": "\\u0000", "toString": ["\\u0000"]}') as unknown;
    expect(pathsOfStringsContaining(value, '\u0000')).toEqual([['__proto__'], ['toString', 0]]);
  });

  it('scans 100,000 levels without overflowing the stack', () => {
    expect(pathsOfStringsContaining(nestedArrays(100_000), 'x')).toHaveLength(1);
  });
});
