import type { FacetColumn } from '../../../../../shared/search/embedded/index-data';
import { facetSet, jointFacets } from '../../../../../shared/search/embedded/query/joint-facets';
import { JOINT_SETS, JointRowsCache } from '../../../../../shared/search/embedded/query/joint-rows-cache';

/** A facet column of `rows` (document -> value ids); what joint rows do not read is left empty. */
function column(key: string, values: string[], rows: number[][]): FacetColumn {
  const offsets = new Uint32Array(rows.length + 1);
  rows.forEach((row, d) => {
    offsets[d + 1] = (offsets[d] as number) + row.length;
  });
  const empty = { offsets: new Uint32Array(1), items: new Uint32Array(0) };
  return {
    key,
    values,
    valueIds: new Map(values.map((value, id) => [value, id])),
    docValues: { offsets, items: Uint32Array.from(rows.flat()) },
    valueDocs: empty,
    denseSlot: new Int32Array(values.length).fill(-1),
    denseBits: new Uint32Array(0),
    depth: new Uint16Array(values.length).fill(1),
    labels: new Map(),
  };
}

function rowOf(rows: { offsets: Uint32Array; items: Uint32Array }, d: number): number[] {
  return [...rows.items.subarray(rows.offsets[d] as number, rows.offsets[d + 1] as number)];
}

describe('joint facet rows', () => {
  const brand = column('brand', ['a', 'b', 'c'], [[0], [2], [], [1]]);
  const colour = column('colour', ['blue', 'red'], [[0, 1], [], [], [1]]);

  it('hold each document’s values of every facet, offset by the facet’s base', () => {
    const joint = jointFacets([brand, colour], 4);
    expect(joint.size).toBe(5);
    expect(joint.base).toEqual(
      new Map([
        ['brand', 0],
        ['colour', 3],
      ]),
    );
    expect([0, 1, 2, 3].map((d) => rowOf(joint.rows, d))).toEqual([[0, 3, 4], [2], [], [1, 4]]);
  });

  it('are empty rows for no facets', () => {
    const joint = jointFacets([], 3);
    expect(joint.size).toBe(0);
    expect([...joint.rows.offsets]).toEqual([0, 0, 0, 0]);
  });
});

describe('joint rows per set of facets', () => {
  const facets = new Map([
    ['brand', column('brand', ['a', 'b'], [[0], [1]])],
    ['colour', column('colour', ['blue'], [[0], []])],
    ['size', column('size', ['s', 'm'], [[1], [0, 1]])],
  ]);

  it('are built the second time a set is asked, then kept, for the facets of the set the data has', () => {
    const cache = new JointRowsCache(facets, 2);
    const set = facetSet(['size', 'brand', 'missing']);
    expect(cache.of(set)).toBeNull();
    const joint = cache.of(set);
    expect(joint?.base).toEqual(
      new Map([
        ['size', 0],
        ['brand', 2],
      ]),
    );
    expect([0, 1].map((d) => (joint === null ? [] : rowOf(joint.rows, d)))).toEqual([
      [1, 2],
      [0, 1, 3],
    ]);
    expect(cache.of(facetSet(['size', 'brand', 'missing']))).toBe(joint);
  });

  it('are built at the first ask of a warm-up', () => {
    const cache = new JointRowsCache(facets, 2);
    const joint = cache.of(facetSet(['brand', 'colour']), true);
    expect(joint?.size).toBe(3);
    expect(cache.of(facetSet(['brand', 'colour']))).toBe(joint);
  });

  it(`give ${JOINT_SETS} sets rows of their own, then count any other set over every facet's rows`, () => {
    const cache = new JointRowsCache(facets, 2);
    const twice = (keys: string[]) => {
      const set = facetSet(keys);
      cache.of(set);
      return cache.of(set);
    };
    const own = [twice(['brand', 'colour']), twice(['colour', 'size'])];
    expect(own.map((joint) => (joint === null ? [] : [...joint.base.keys()]))).toEqual([
      ['brand', 'colour'],
      ['colour', 'size'],
    ]);
    const other = twice(['brand', 'size']);
    expect(other === null ? [] : [...other.base.keys()]).toEqual(['brand', 'colour', 'size']);
    expect(twice(['size', 'brand', 'colour'])).toBe(other);
    // Nothing is evicted: the first sets keep their rows.
    expect(twice(['brand', 'colour'])).toBe(own[0]);
  });
});
