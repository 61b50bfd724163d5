import { evaluateGate, StatsCollector, type IndexStats } from '../../../../indexer/runs/gate';
import { newIndexName, siteIndexNames } from '../../../../indexer/runs/index-names';

const LIVE: IndexStats = { count: 1000, facetValues: { brand: 40, colour: 12, single: 1 }, inStockShare: 0.8 };
const KEYS: ReadonlySet<string> = new Set(Object.keys(LIVE.facetValues));
const next = (extra: Partial<IndexStats> = {}): IndexStats => ({
  ...LIVE,
  facetValues: { ...LIVE.facetValues },
  ...extra,
});

describe('evaluateGate', () => {
  it('passes an index like the live one', () => {
    expect(evaluateGate(LIVE, next(), 0.5, KEYS)).toBeNull();
  });

  it('always passes without a live index, or with an empty one', () => {
    expect(evaluateGate(null, next({ count: 0, facetValues: {}, inStockShare: 0 }), 0.5, KEYS)).toBeNull();
    expect(
      evaluateGate(
        { count: 0, facetValues: { brand: 10 }, inStockShare: 1 },
        next({ count: 0, facetValues: {}, inStockShare: 0 }),
        0.5,
        KEYS,
      ),
    ).toBeNull();
  });

  it('trips on a count below the fraction of the live count, with the figures', () => {
    expect(evaluateGate(LIVE, next({ count: 499 }), 0.5, KEYS)).toEqual({
      check: 'count',
      detail: '499 documents against 1000 live (below 50%)',
    });
    expect(evaluateGate(LIVE, next({ count: 899 }), 0.9, KEYS)).toEqual({
      check: 'count',
      detail: '899 documents against 1000 live (below 90%)',
    });
  });

  it('passes a count exactly at the fraction, and any growth', () => {
    expect(evaluateGate(LIVE, next({ count: 500 }), 0.5, KEYS)).toBeNull();
    expect(evaluateGate(LIVE, next({ count: 900 }), 0.9, KEYS)).toBeNull();
    expect(evaluateGate(LIVE, next({ count: 5000 }), 0.5, KEYS)).toBeNull();
  });

  it('trips when a facet loses more than half its distinct values, and passes at exactly half', () => {
    expect(evaluateGate(LIVE, next({ facetValues: { ...LIVE.facetValues, brand: 20 } }), 0.5, KEYS)).toBeNull();
    expect(evaluateGate(LIVE, next({ facetValues: { ...LIVE.facetValues, brand: 19 } }), 0.5, KEYS)).toEqual({
      check: 'facet-values',
      detail: 'facet brand: 19 distinct values against 40 live',
    });
  });

  it('compares only facets the new configuration still defines: a facet removed or renamed passes', () => {
    const { colour: _renamed, ...rest } = LIVE.facetValues;
    const renamed = next({ facetValues: { ...rest, color: 12 } });
    expect(evaluateGate(LIVE, renamed, 0.5, new Set(['brand', 'single', 'color']))).toBeNull();
    // Zero-config facets (category roots) replaced by configured ones: nothing in common, nothing to compare.
    expect(evaluateGate(LIVE, next({ facetValues: { size: 5 } }), 0.5, new Set(['size']))).toBeNull();
    // Data loss on a facet both define still trips, and so do the count and in-stock checks.
    expect(evaluateGate(LIVE, next({ facetValues: { brand: 3 } }), 0.5, new Set(['brand']))).toMatchObject({
      check: 'facet-values',
    });
    expect(evaluateGate(LIVE, next({ count: 10, facetValues: {} }), 0.5, new Set())).toMatchObject({ check: 'count' });
    expect(evaluateGate(LIVE, next({ inStockShare: 0.1, facetValues: {} }), 0.5, new Set())).toMatchObject({
      check: 'in-stock-share',
    });
  });

  it('counts a facet the configuration defines but the new index lacks as zero values', () => {
    const { colour: _dropped, ...rest } = LIVE.facetValues;
    expect(evaluateGate(LIVE, next({ facetValues: rest }), 0.5, KEYS)).toEqual({
      check: 'facet-values',
      detail: 'facet colour: 0 distinct values against 12 live',
    });
  });

  it('ignores a facet that had a single value, and facets new to the index', () => {
    expect(
      evaluateGate(LIVE, next({ facetValues: { brand: 40, colour: 12, single: 0, fresh: 3 } }), 0.5, KEYS),
    ).toBeNull();
  });

  it('trips when the in-stock share falls by more than half, and passes at exactly half', () => {
    expect(evaluateGate(LIVE, next({ inStockShare: 0.4 }), 0.5, KEYS)).toBeNull();
    expect(evaluateGate(LIVE, next({ inStockShare: 0.39 }), 0.5, KEYS)).toEqual({
      check: 'in-stock-share',
      detail: '39.0% in stock against 80.0% live',
    });
  });

  it('reports the count before the facets and the facets before stock', () => {
    const bad = next({ count: 10, facetValues: { brand: 1, colour: 1 }, inStockShare: 0 });
    expect(evaluateGate(LIVE, bad, 0.5, KEYS)?.check).toBe('count');
    expect(evaluateGate(LIVE, { ...bad, count: 1000 }, 0.5, KEYS)?.check).toBe('facet-values');
    expect(evaluateGate(LIVE, { ...bad, count: 1000, facetValues: LIVE.facetValues }, 0.5, KEYS)?.check).toBe(
      'in-stock-share',
    );
  });
});

describe('StatsCollector', () => {
  it('has zero figures before any document', () => {
    expect(new StatsCollector().stats()).toEqual({ count: 0, facetValues: {}, inStockShare: 0 });
  });

  it('counts documents, distinct values per facet over all documents, and the share in stock on any market', () => {
    const stats = new StatsCollector();
    stats.add({
      facets: { brand: ['nordcraft'], colour: ['black', 'white'] },
      flags: { 'inStock.se': true, 'inStock.eu': false },
    });
    stats.add({
      facets: { brand: ['nordcraft'], colour: ['black'] },
      flags: { 'inStock.se': false, 'inStock.eu': true },
    });
    stats.add({ facets: { brand: ['fjellrev'] }, flags: { 'inStock.se': false } });
    stats.add({ facets: {}, flags: {} });
    expect(stats.stats()).toEqual({ count: 4, facetValues: { brand: 2, colour: 2 }, inStockShare: 0.5 });
  });

  it('counts only market stock flags as stock, not other flags', () => {
    const stats = new StatsCollector();
    stats.add({ facets: {}, flags: { organic: true, 'inStock.se': false } });
    stats.add({ facets: {}, flags: { 'inStock.se': true } });
    expect(stats.stats().inStockShare).toBe(0.5);
  });

  it('feeds the gate: a run that lost most brands is refused', () => {
    const live = new StatsCollector();
    for (let i = 0; i < 10; i++) live.add({ facets: { brand: [`b${i}`] }, flags: { 'inStock.se': true } });
    const fresh = new StatsCollector();
    for (let i = 0; i < 10; i++) fresh.add({ facets: { brand: [`b${i % 4}`] }, flags: { 'inStock.se': true } });
    expect(evaluateGate(live.stats(), fresh.stats(), 0.5, KEYS)).toEqual({
      check: 'facet-values',
      detail: 'facet brand: 4 distinct values against 10 live',
    });
  });
});

describe('index names', () => {
  it('keeps tenants apart by site id and names the preview alias and prefixes under the live alias', () => {
    expect(siteIndexNames(12, 'main')).toEqual({
      alias: 'sf12-main',
      previewAlias: 'sf12-main.preview',
      sitePrefix: 'sf12-',
      fullPrefix: 'sf12-main.full.',
      previewPrefix: 'sf12-main.preview.',
    });
  });

  it('names new indices by UTC creation time to the millisecond, sorting in creation order', () => {
    const a = newIndexName('sf12-main.full.', new Date('2026-01-02T03:04:05.006Z'));
    const b = newIndexName('sf12-main.full.', new Date('2026-01-02T03:04:05.007Z'));
    expect(a).toBe('sf12-main.full.20260102030405006');
    expect(a < b).toBe(true);
  });
});
