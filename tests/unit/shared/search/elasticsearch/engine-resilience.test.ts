import { errors } from '@elastic/elasticsearch';
import { SearchEngineError } from '../../../../../shared/search';
import { searchAppError } from '../../../../../shared/search/search-app-error';
import { ElasticsearchEngine } from '../../../../../shared/search/elasticsearch';
import { aliasUpdateFailed, swapAliasActions } from '../../../../../shared/search/elasticsearch/aliases';
import { listedNames } from '../../../../../shared/search/elasticsearch/index-lifecycle';
import { sampleDocument } from './fixture';
import { esError, mappingOf, mockCluster } from './mock-cluster';

describe('alias swap', () => {
  it('every remove must exist, so a moved alias fails the whole call instead of being skipped', () => {
    // Without must_exist a remove of an alias that already moved is dropped while the add applies (8.14+ answers
    // 200 with errors: true): https://www.elastic.co/guide/en/elasticsearch/reference/8.18/indices-aliases.html
    expect(swapAliasActions('shop', 'shop-3', ['shop-1', 'shop-2'])).toEqual([
      { remove: { index: 'shop-1', alias: 'shop', must_exist: true } },
      { remove: { index: 'shop-2', alias: 'shop', must_exist: true } },
      { add: { index: 'shop-3', alias: 'shop' } },
    ]);
    expect(swapAliasActions('shop', 'shop-1', [])).toEqual([{ add: { index: 'shop-1', alias: 'shop' } }]);
    expect(aliasUpdateFailed({ acknowledged: true })).toBe(false);
    expect(aliasUpdateFailed({ acknowledged: true, errors: true } as never)).toBe(true);
  });

  it('reads the alias again and retries when another writer moved it in between', async () => {
    const { engine, on, calls } = mockCluster();
    let target = 'shop-1';
    on('GET', '/_alias/shop', () => {
      const seen = target;
      target = 'shop-2'; // another writer moves it right after our read, once
      return { [seen]: { aliases: { shop: {} } } };
    });
    on('POST', '/_aliases', (params) => {
      const remove = (params.body as { actions: { remove?: { index: string } }[] }).actions[0]?.remove;
      return remove?.index === 'shop-1' ? esError(404, 'aliases_not_found_exception', 'aliases [shop] missing') : { acknowledged: true };
    });
    await expect(engine.swapAlias('shop', 'shop-3')).resolves.toBe('shop-2');
    expect(calls.filter((c) => c.path === '/_aliases')).toHaveLength(2);
  });

  it('an answer with errors: true is not taken as success', async () => {
    const { engine, on } = mockCluster();
    on('GET', '/_alias/shop', () => ({ 'shop-1': { aliases: { shop: {} } } }));
    on('POST', '/_aliases', () => ({ acknowledged: true, errors: true, action_results: [{ status: 404 }, { status: 200 }] }));
    await expect(engine.swapAlias('shop', 'shop-2')).rejects.toMatchObject({ code: 'ALIAS_CONFLICT' });
  });

  it('alias lookups expand to open indices only', async () => {
    // get-alias defaults to expand_wildcards=all (closed and hidden indices too):
    // https://www.elastic.co/guide/en/elasticsearch/reference/8.18/indices-get-alias.html
    const { engine, on, calls } = mockCluster();
    on('GET', '/_alias/shop', () => ({ 'shop-1': { aliases: { shop: {} } } }));
    on('GET', '/:pattern/_alias', () => ({}));
    await engine.resolveAlias('shop');
    await engine.listIndices('');
    expect(calls.map((c) => c.querystring)).toEqual([{ expand_wildcards: 'open' }, { expand_wildcards: 'open' }]);
  });
});

describe('listIndices', () => {
  it('keeps only names the port could create that start with the prefix, so .kibana and friends never reach count', async () => {
    expect(listedNames(['shop-2', '.kibana_1', '.security-7', 'shop-1', 'other'], '')).toEqual(['other', 'shop-1', 'shop-2']);
    expect(listedNames(['shop-2', 'shop-1', 'shopx'], 'shop-')).toEqual(['shop-1', 'shop-2']);
    const { engine, on } = mockCluster();
    on('GET', '/:pattern/_alias', () => ({ '.kibana_1': { aliases: { '.kibana': {} } }, 'shop-1': { aliases: {} } }));
    on(['GET', 'POST'], '/shop-1/_count', () => ({ count: 3 }));
    await expect(engine.listIndices('')).resolves.toEqual([{ name: 'shop-1', docCount: 3, aliases: [] }]);
  });
});

describe('unavailable cluster', () => {
  it('a query that times out rejects with UNAVAILABLE, which the API answers with 503', async () => {
    const { engine, on } = mockCluster();
    on('GET', '/shop/_mapping', () => mappingOf('shop-1'));
    on('POST', '/shop/_search', () => new errors.TimeoutError('Request timed out'));
    const failure = await engine.search('shop', { language: 'en', market: 'se' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SearchEngineError);
    expect(failure).toMatchObject({ code: 'UNAVAILABLE' });
    expect(searchAppError(failure)).toMatchObject({ status: 503, code: 'INDEX_UNAVAILABLE' });
    expect(searchAppError(new SearchEngineError('INDEX_NOT_FOUND', 'x'))).toMatchObject({ status: 503, code: 'INDEX_UNAVAILABLE' });
    expect(searchAppError(new SearchEngineError('INVALID_NAME', 'x'))).toBeNull();
    expect(searchAppError(new Error('bug'))).toBeNull();
  });

  it('a lost connection is retried once on the query budget, then UNAVAILABLE; a 503 answer too', async () => {
    const { engine, on, calls } = mockCluster({ query: { timeoutMs: 2000, retries: 1 } });
    on('GET', '/shop/_mapping', () => mappingOf('shop-1'));
    on('POST', '/shop/_search', () => new errors.ConnectionError('socket hang up'));
    on('POST', '/busy/_search', () => esError(503, 'search_phase_execution_exception', 'all shards failed'));
    on('GET', '/busy/_mapping', () => mappingOf('busy-1'));
    await expect(engine.suggest('shop', { q: 'ni', language: 'en', market: 'se', facetKeys: [] })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(calls.filter((c) => c.path === '/shop/_search')).toHaveLength(2);
    await expect(engine.facetValues('busy', { key: 'brand', q: '', language: 'en', market: 'se' })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('a client factory that fails is asked again on the next call', async () => {
    let attempts = 0;
    const engine = new ElasticsearchEngine({
      client: async () => {
        attempts++;
        throw new SearchEngineError('UNAVAILABLE', 'down');
      },
    });
    await expect(engine.count('shop')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(engine.count('shop')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(attempts).toBe(2);
    await engine.close();
  });
});

describe('bulk against the index fields', () => {
  it('names a key the strict mapping does not declare instead of sending the document', async () => {
    const { engine, on, calls } = mockCluster();
    const fields = { facets: ['brand', 'category'], numbers: ['price.se'], flags: ['inStock.se'] };
    on('GET', '/shop-1/_mapping', () => ({ 'shop-1': { mappings: { _meta: { languages: ['en'], fields } } } }));
    on('POST', '/_bulk', () => ({ errors: false, took: 1, items: [{ index: { _index: 'shop-1', _id: 'ok', status: 201 } }] }));
    const stray = sampleDocument({ id: 'stray', numbers: { 'price.se': 1, 'price.no': 2 } });
    const result = await engine.bulk('shop-1', [
      { action: 'index', document: stray },
      { action: 'index', document: sampleDocument({ id: 'ok' }) },
    ]);
    expect(result).toEqual({ succeeded: 1, failures: [{ position: 0, id: 'stray', reason: 'number key "price.no" is not in the index fields' }] });
    expect(calls.filter((c) => c.path === '/_bulk')).toHaveLength(1);
  });
});
