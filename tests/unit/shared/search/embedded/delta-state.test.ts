import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchDocument } from '../../../../../shared/search';
import { SnapshotStore } from '../../../../../shared/search/embedded/snapshot/snapshot-store';
import { buildIndex } from '../../../../../shared/search/embedded/build/build-index';
import {
  applyChanges,
  emptyDelta,
  needsMerge,
  ordinalOf,
} from '../../../../../shared/search/embedded/lifecycle/delta-state';
import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { facetUnion } from '../../../../../shared/search/embedded/query/facet-union';

const doc = (id: string, name: string, colour: string[] = []): SearchDocument => ({
  id,
  markets: ['se'],
  text: { en: { name, brand: '', description: '' } },
  skus: [],
  facets: { colour },
  labels: { colour: Object.fromEntries(colour.map((c) => [c, { en: c.toUpperCase() }])) },
  numbers: {},
  flags: {},
  sortKeys: { name: { en: name }, createdAt: 0 },
  card: null,
});

describe('delta state', () => {
  const base = buildIndex([doc('b', 'red jacket'), doc('a', 'red jackets'), doc('c', 'boots')], { languages: ['en'] });

  it('finds ordinals of ids by bisection, -1 for absent ones', () => {
    expect(['a', 'b', 'c'].map((id) => ordinalOf(base.ids, id))).toEqual([0, 1, 2]);
    expect(ordinalOf(base.ids, 'bb')).toBe(-1);
    expect(ordinalOf([], 'a')).toBe(-1);
  });

  it('masks each replaced or deleted base document once and counts the surfaces it held', () => {
    const delta = emptyDelta();
    const versions = new Map(
      ['a', 'b', 'c'].map((id) => [
        id,
        { ...doc(id, id === 'a' ? 'red jackets' : id === 'b' ? 'red jacket' : 'boots') },
      ]),
    );
    applyChanges(
      base,
      delta,
      new Map([
        ['a', doc('a', 'blue')],
        ['z', doc('z', 'new')],
        ['c', null],
      ]),
      (id) => versions.get(id),
    );
    applyChanges(base, delta, new Map([['a', null]]), () => {
      throw new Error('a replaced document is not read again');
    });
    expect([...delta.removed].sort()).toEqual([0, 2]);
    expect([...delta.overlay.keys()]).toEqual(['z']);
    const en = base.text.get('en');
    const lost = Object.fromEntries([...(delta.loss.get('en') ?? [])].map(([id, n]) => [en?.surfaces[id], n]));
    expect(lost).toEqual({ red: 1, jackets: 1, boots: 1 });
  });

  it('merges past the larger of the minimum and the share of the base', () => {
    const delta = emptyDelta();
    for (let i = 0; i < 30; i++) delta.removed.add(i);
    expect(needsMerge(1000, delta, { minDocs: 10, share: 0.05 })).toBe(false);
    expect(needsMerge(1000, delta, { minDocs: 10, share: 0.02 })).toBe(true);
    expect(needsMerge(100, delta, { minDocs: 30, share: 0.01 })).toBe(false);
  });
});

describe('facet union', () => {
  it('keeps one segment as it is, and merges values of two in order with id maps and first labels', () => {
    const one = buildIndex([doc('a', 'x', ['red', 'blue'])], { languages: ['en'] }).facets.get('colour');
    const two = buildIndex([doc('b', 'y', ['green', 'red'])], { languages: ['en'] }).facets.get('colour');
    const single = facetUnion('colour', [one]);
    expect(single?.maps).toEqual([null]);
    const union = facetUnion('colour', [one, undefined, two]);
    expect(union?.values).toEqual(['blue', 'green', 'red']);
    expect(union?.maps.map((m) => (m == null ? m : [...m]))).toEqual([[0, 2], undefined, [1, 2]]);
    expect(union?.labels.get('en')).toEqual(['BLUE', 'GREEN', 'RED']);
    expect(facetUnion('colour', [undefined])).toBeNull();
  });
});

describe('refresh', () => {
  it('concurrent refreshes each return with every write staged before them visible', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'aisle-refresh-'));
    const engine = new EmbeddedSearchEngine({ snapshots: new SnapshotStore(dir) });
    await engine.createIndex('shop', { languages: ['en'] });
    await engine.bulk('shop', [{ action: 'index', document: doc('a', 'one') }]);
    await engine.refresh('shop');
    await engine.bulk('shop', [{ action: 'index', document: doc('b', 'two') }]);
    const first = engine.refresh('shop');
    await engine.bulk('shop', [{ action: 'index', document: doc('c', 'three') }]);
    const second = engine.refresh('shop');
    await second;
    expect(await engine.count('shop')).toBe(3);
    await first;
    await rm(dir, { recursive: true, force: true });
  });
});
