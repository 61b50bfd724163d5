import type { IndexMeta } from '../../../../../shared/search/elasticsearch/index-meta';
import { MetaCache } from '../../../../../shared/search/elasticsearch/meta-cache';

const meta = (language: string): IndexMeta => ({
  languages: [language],
  boosts: { sku: 8, name: 4, brand: 2, description: 1 },
  fields: null,
});

describe('MetaCache', () => {
  it('loads once within the TTL, again after it or after clear', async () => {
    let now = 0;
    const loads: string[] = [];
    const load = async (target: string) => {
      loads.push(target);
      return meta('en');
    };
    const cache = new MetaCache(load, 1000, () => now);
    await cache.get('shop');
    now = 999;
    await cache.get('shop');
    expect(loads).toEqual(['shop']);
    now = 1000;
    await cache.get('shop');
    cache.clear();
    await cache.get('shop');
    expect(loads).toEqual(['shop', 'shop', 'shop']);
  });

  it('does not remember a failed load', async () => {
    let fail = true;
    const cache = new MetaCache(async () => {
      if (fail) throw new Error('down');
      return meta('sv');
    }, 60_000);
    await expect(cache.get('shop')).rejects.toThrow('down');
    fail = false;
    await expect(cache.get('shop')).resolves.toEqual(meta('sv'));
  });
});
