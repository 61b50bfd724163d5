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
      return remove?.index === 'shop-1'
        ? esError(404, 'aliases_not_found_exception', 'aliases [shop] missing')
        : { acknowledged: true };
    });
    await expect(engine.swapAlias('shop', 'shop-3')).resolves.toBe('shop-2');
    expect(calls.filter((c) => c.path === '/_aliases')).toHaveLength(2);
  });

  it('an answer with errors: true is not taken as success', async () => {
    const { engine, on } = mockCluster();
    on('GET', '/_alias/shop', () => ({ 'shop-1': { aliases: { shop: {} } } }));
    on('POST', '/_aliases', () => ({
      acknowledged: true,
      errors: true,
      action_results: [{ status: 404 }, { status: 200 }],
    }));
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
    expect(listedNames(['shop-2', '.kibana_1', '.security-7', 'shop-1', 'other'], '')).toEqual([
      'other',
      'shop-1',
      'shop-2',
    ]);
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
    expect(searchAppError(new SearchEngineError('INDEX_NOT_FOUND', 'x'))).toMatchObject({
      status: 503,
      code: 'INDEX_UNAVAILABLE',
    });
    expect(searchAppError(new SearchEngineError('INVALID_NAME', 'x'))).toBeNull();
    expect(searchAppError(new Error('bug'))).toBeNull();
  });

  it('a lost connection is retried once on the query budget, then UNAVAILABLE; a 503 answer too', async () => {
    const { engine, on, calls } = mockCluster({ query: { timeoutMs: 2000, retries: 1 } });
    on('GET', '/shop/_mapping', () => mappingOf('shop-1'));
    on('POST', '/shop/_search', () => new errors.ConnectionError('socket hang up'));
    on('POST', '/busy/_search', () => esError(503, 'search_phase_execution_exception', 'all shards failed'));
    on('GET', '/busy/_mapping', () => mappingOf('busy-1'));
    await expect(
      engine.suggest('shop', { q: 'ni', language: 'en', market: 'se', facetKeys: [] }),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(calls.filter((c) => c.path === '/shop/_search')).toHaveLength(2);
    await expect(
      engine.facetValues('busy', { key: 'brand', q: '', language: 'en', market: 'se' }),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE' });
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
  const fields = { facets: ['brand', 'category'], numbers: ['price.se'], flags: ['inStock.se'] };
  const META = { languages: ['en'], boosts: { sku: 8, name: 4, brand: 2, description: 1 }, fields };
  const LIMIT_PATH = '/shop-1/_settings/index.mapping.total_fields.limit';

  type Reply = Record<string, unknown> | errors.ElasticsearchClientError;
  function liveIndex(putMapping: () => Reply = () => ({ acknowledged: true })) {
    const c = mockCluster();
    const limit = '1000';
    c.on('GET', '/shop-1/_mapping', () => ({ 'shop-1': { mappings: { _meta: META } } }));
    c.on('GET', LIMIT_PATH, () => ({
      'shop-1': { settings: {}, defaults: { 'index.mapping.total_fields.limit': limit } },
    }));
    c.on('PUT', '/shop-1/_settings', () => ({ acknowledged: true }));
    c.on('PUT', '/shop-1/_mapping', putMapping);
    c.on('POST', '/_bulk', (params) => ({
      errors: false,
      took: 1,
      items: (params.body as Record<string, { _id: string }>[]).flatMap((line): Record<string, unknown>[] =>
        line.index
          ? [{ index: { _index: 'shop-1', _id: line.index._id, status: 201 } }]
          : line.delete
            ? [{ delete: { _index: 'shop-1', _id: line.delete._id, status: 200 } }]
            : [],
      ),
    }));
    return c;
  }

  it('adds a market published after the index was built with one put-mapping of only the new fields, then sends the document', async () => {
    const { engine, calls } = liveIndex();
    const delta = sampleDocument({
      id: 'p1',
      markets: ['se', 'no'],
      numbers: { 'price.se': 1, 'price.no': 2 },
      flags: { 'inStock.se': true, 'inStock.no': false },
    });
    await expect(engine.bulk('shop-1', [{ action: 'index', document: delta }])).resolves.toEqual({
      succeeded: 1,
      failures: [],
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /shop-1/_mapping',
      `GET ${LIMIT_PATH}`,
      'PUT /shop-1/_mapping',
      'POST /_bulk',
    ]);
    expect(calls[1]?.querystring).toEqual({ include_defaults: 'true', flat_settings: 'true' });
    // New fields are added to an existing object by naming only them; `_meta` is replaced whole
    // (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/indices-put-mapping.html#add-new-field-to-object,
    // https://www.elastic.co/guide/en/elasticsearch/reference/8.18/mapping-meta-field.html).
    expect(calls[2]?.body).toEqual({
      properties: {
        numbers: { type: 'object', properties: { price: { type: 'object', properties: { no: { type: 'double' } } } } },
        flags: { type: 'object', properties: { inStock: { type: 'object', properties: { no: { type: 'boolean' } } } } },
      },
      _meta: {
        ...META,
        fields: {
          facets: ['brand', 'category'],
          numbers: ['price.se', 'price.no'],
          flags: ['inStock.se', 'inStock.no'],
        },
      },
    });
  });

  it('adds a facet with its label pairs per language, and raises the field limit when the grown mapping needs it', async () => {
    const { engine, calls } = liveIndex();
    const facets = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`f${i}`, ['v']]));
    const delta = sampleDocument({ id: 'p1', facets: { brand: ['nike'], ...facets } });
    await expect(engine.bulk('shop-1', [{ action: 'index', document: delta }])).resolves.toEqual({
      succeeded: 1,
      failures: [],
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /shop-1/_mapping',
      `GET ${LIMIT_PATH}`,
      'PUT /shop-1/_settings',
      'PUT /shop-1/_mapping',
      'POST /_bulk',
    ]);
    // Counted by hand as index.mapping.total_fields.limit counts (objects, leaves and multi-fields,
    // https://www.elastic.co/guide/en/elasticsearch/reference/8.18/mapping-settings-limit.html): 37 fields before
    // (4 top-level leaves, 9 of text.en, 3 + 5 + 5 of the two facets, 3 + 3 of price and stock, 4 of sortKeys,
    // card), 5 per new facet (facets.fN, facetLabels.fN and .en, facetPrefixes.fN and .en): 1287, plus 100 spare.
    expect(calls[2]?.body).toEqual({ index: { mapping: { total_fields: { limit: 1387 } } } });
    const put = calls[3]?.body as { properties: Record<string, { properties: Record<string, unknown> }> };
    const pair = { type: 'keyword', index: false, eager_global_ordinals: true };
    expect(Object.keys(put.properties)).toEqual(['facets', 'facetLabels', 'facetPrefixes']);
    expect(put.properties.facets?.properties.f7).toEqual({ type: 'keyword' });
    expect(put.properties.facetLabels?.properties.f7).toEqual({ type: 'object', properties: { en: pair } });
    expect(put.properties.facetPrefixes?.properties.f249).toEqual({ type: 'object', properties: { en: pair } });
    expect(Object.keys(put.properties.facets?.properties ?? {})).toHaveLength(250);
  });

  it('a key that cannot be placed beside the mapped ones fails its document with the reason and needsRebuild, unsent', async () => {
    const { engine, calls } = liveIndex();
    // "price.se" makes "price" an object: a number "price" would have to be a leaf there.
    const stray = sampleDocument({ id: 'stray', numbers: { 'price.se': 1, price: 2 } });
    const result = await engine.bulk('shop-1', [
      { action: 'index', document: stray },
      { action: 'index', document: sampleDocument({ id: 'ok' }) },
    ]);
    expect(result).toEqual({
      succeeded: 1,
      failures: [
        {
          position: 0,
          id: 'stray',
          reason:
            'number key "price" is not in the index fields and cannot be added to it (field key "price" is ' +
            'declared twice or is also an object); an index built with it (a full run) takes the document',
          needsRebuild: true,
        },
      ],
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /shop-1/_mapping', 'POST /_bulk']);
  });

  it('a put-mapping the node refuses fails the documents needing the new keys with its reason; the others are sent', async () => {
    const { engine, calls } = liveIndex(() =>
      esError(400, 'illegal_argument_exception', 'Limit of total fields [1000] has been exceeded'),
    );
    const delta = sampleDocument({ id: 'p1', facets: { brand: ['nike'], b: ['y'] } });
    const result = await engine.bulk('shop-1', [
      { action: 'index', document: delta },
      { action: 'delete', id: 'gone' },
    ]);
    expect(result.failures).toEqual([
      {
        position: 0,
        id: 'p1',
        reason:
          'facet key "b" is not in the index fields and cannot be added to it (the node refused to add it: ' +
          'illegal_argument_exception: Limit of total fields [1000] has been exceeded); an index built with ' +
          'it (a full run) takes the document',
        needsRebuild: true,
      },
    ]);
    expect(calls.filter((c) => c.path === '/_bulk')).toHaveLength(1);
  });

  it('a node that cannot answer the extension fails the call as UNAVAILABLE rather than dropping documents', async () => {
    const { engine } = liveIndex(() => esError(503, 'cluster_block_exception', 'no master'));
    const delta = sampleDocument({ id: 'p1', facets: { b: ['y'] } });
    await expect(engine.bulk('shop-1', [{ action: 'index', document: delta }])).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });

  it('documents whose keys are all mapped need no mapping call', async () => {
    const { engine, calls } = liveIndex();
    await expect(engine.bulk('shop-1', [{ action: 'index', document: sampleDocument({ id: 'p1' }) }])).resolves.toEqual(
      { succeeded: 1, failures: [] },
    );
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /shop-1/_mapping', 'POST /_bulk']);
  });
});
