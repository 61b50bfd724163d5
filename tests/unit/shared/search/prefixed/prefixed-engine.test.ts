import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { PrefixedEngine } from '../../../../../shared/search/prefixed-engine';
import { SearchEngineError } from '../../../../../shared/search';
import { runSearchEngineContract } from '../contract/engine-contract';
import { FIXTURE_SETTINGS, fixtureDocuments } from '../contract/fixture';

// The whole port contract holds through the prefix: names go in and come back as the caller gave them.
runSearchEngineContract('embedded under a prefix', async () => new PrefixedEngine(new EmbeddedSearchEngine(), 'ns1-'));

describe('PrefixedEngine', () => {
  const fill = async (engine: PrefixedEngine | EmbeddedSearchEngine, index: string) => {
    await engine.createIndex(index, FIXTURE_SETTINGS);
    await engine.bulk(
      index,
      fixtureDocuments()
        .slice(0, 3)
        .map((document) => ({ action: 'index' as const, document })),
    );
    await engine.refresh(index);
  };

  it('keeps its indices and aliases under the prefix on the wrapped engine', async () => {
    const inner = new EmbeddedSearchEngine();
    const engine = new PrefixedEngine(inner, 'ns1-');
    await fill(engine, 'shop.v1');
    expect(await engine.swapAlias('shop', 'shop.v1')).toBeNull();
    expect(await inner.resolveAlias('ns1-shop')).toBe('ns1-shop.v1');
    expect(await inner.resolveAlias('shop')).toBeNull();
    expect(await engine.resolveAlias('shop')).toBe('shop.v1');
    expect(await engine.listIndices('')).toEqual([{ name: 'shop.v1', docCount: 3, aliases: ['shop'] }]);
    expect((await engine.search('shop', { language: 'en', market: 'se' })).total).toBe(await inner.count('ns1-shop'));
  });

  it('does not see the indices of another prefix or of none', async () => {
    const inner = new EmbeddedSearchEngine();
    await fill(inner, 'shop.v1');
    await fill(new PrefixedEngine(inner, 'ns2-'), 'shop.v1');
    const engine = new PrefixedEngine(inner, 'ns1-');
    expect(await engine.listIndices('')).toEqual([]);
    expect(await engine.resolveAlias('shop.v1')).toBeNull();
    await expect(engine.count('shop.v1')).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
  });

  it('refuses an invalid name as the wrapped engine does, though the prefix would make it valid', async () => {
    const engine = new PrefixedEngine(new EmbeddedSearchEngine(), 'ns1-');
    const refused = engine.createIndex('-starts-with-a-dash', FIXTURE_SETTINGS);
    await expect(refused).rejects.toBeInstanceOf(SearchEngineError);
    await expect(refused).rejects.toMatchObject({ code: 'INVALID_NAME' });
    expect(await engine.listIndices('Upper')).toEqual([]);
  });

  it('refuses an invalid prefix', () => {
    expect(() => new PrefixedEngine(new EmbeddedSearchEngine(), 'Ns*')).toThrow('invalid index prefix');
  });
});
