import { EXPECTED_CREATE_BODY, EXPECTED_SETTINGS } from './expected-create-index';
import { esError, mockCluster } from './mock-cluster';

describe('ElasticsearchEngine lifecycle (mocked cluster)', () => {
  it('creates the index in bulk-load mode with the settings from mappings/', async () => {
    const { engine, on, calls } = mockCluster();
    on('PUT', '/shop-1', () => ({ acknowledged: true, shards_acknowledged: true, index: 'shop-1' }));
    await engine.createIndex('shop-1', EXPECTED_SETTINGS);
    expect(calls).toEqual([expect.objectContaining({ method: 'PUT', path: '/shop-1', body: EXPECTED_CREATE_BODY })]);
  });

  it('maps a taken name to INDEX_EXISTS and refuses invalid names without calling the cluster', async () => {
    const { engine, on, calls } = mockCluster();
    on('PUT', '/shop-1', () => esError(400, 'resource_already_exists_exception', 'index [shop-1] already exists'));
    on('PUT', '/shop', () =>
      esError(400, 'invalid_index_name_exception', 'Invalid index name [shop], already exists as alias'),
    );
    await expect(engine.createIndex('shop-1', { languages: [] })).rejects.toMatchObject({ code: 'INDEX_EXISTS' });
    await expect(engine.createIndex('shop', { languages: [] })).rejects.toMatchObject({ code: 'INDEX_EXISTS' });
    await expect(engine.createIndex('Bad Name', { languages: [] })).rejects.toMatchObject({ code: 'INVALID_NAME' });
    await expect(engine.count('shop-*')).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
    expect(calls).toHaveLength(2);
  });

  it('refresh restores serving settings after a build, then refreshes', async () => {
    const { engine, on, calls } = mockCluster({ serving: { replicas: 2, refreshInterval: '5s' } });
    let interval = '-1';
    on('GET', '/shop-1/_settings/index.refresh_interval', () => ({
      'shop-1': { settings: { 'index.refresh_interval': interval } },
    }));
    on('PUT', '/shop-1/_settings', () => ({ acknowledged: true }));
    on(['GET', 'POST'], '/shop-1/_refresh', () => ({ _shards: { total: 1, successful: 1, failed: 0 } }));
    await engine.refresh('shop-1');
    interval = '5s';
    await engine.refresh('shop-1');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /shop-1/_settings/index.refresh_interval',
      'PUT /shop-1/_settings',
      'GET /shop-1/_refresh',
      'GET /shop-1/_settings/index.refresh_interval',
      'GET /shop-1/_refresh',
    ]);
    expect(calls[1]?.body).toEqual({
      index: { refresh_interval: '5s', number_of_replicas: 2, auto_expand_replicas: 'false' },
    });
  });

  it('swapAlias sends one _aliases call removing the old target and adding the new, and returns the old', async () => {
    const { engine, on, calls } = mockCluster();
    on('GET', '/_alias/shop', () => ({ 'shop-1': { aliases: { shop: {} } } }));
    on('POST', '/_aliases', () => ({ acknowledged: true }));
    await expect(engine.swapAlias('shop', 'shop-2')).resolves.toBe('shop-1');
    const updates = calls.filter((c) => c.path === '/_aliases');
    expect(updates).toHaveLength(1);
    expect(updates[0]?.body).toEqual({
      actions: [
        { remove: { index: 'shop-1', alias: 'shop', must_exist: true } },
        { add: { index: 'shop-2', alias: 'shop' } },
      ],
    });
  });

  // A `must_exist` remove that lost a race fails the whole call: 8.14+ with aliases_not_found_exception, earlier
  // servers with resource_not_found_exception "required alias [..] does not exist"
  // (https://www.elastic.co/guide/en/elasticsearch/reference/8.13/indices-aliases.html, must_exist).
  it.each([
    ['8.14+', 'aliases_not_found_exception', 'aliases [shop] missing'],
    ['before 8.14', 'resource_not_found_exception', 'required alias [shop] does not exist'],
  ])('swapAlias reads again and retries when the alias moved under it (%s: %s)', async (_version, type, reason) => {
    const { engine, on, calls } = mockCluster();
    let current = 'shop-1';
    on('GET', '/_alias/shop', () => ({ [current]: { aliases: { shop: {} } } }));
    let attempt = 0;
    on('POST', '/_aliases', () => {
      if (++attempt > 1) return { acknowledged: true };
      current = 'shop-9'; // another writer moved the alias between our read and our update
      return esError(404, type, reason);
    });
    await expect(engine.swapAlias('shop', 'shop-2')).resolves.toBe('shop-9');
    expect(calls.filter((c) => c.path === '/_aliases').map((c) => c.body)).toEqual([
      {
        actions: [
          { remove: { index: 'shop-1', alias: 'shop', must_exist: true } },
          { add: { index: 'shop-2', alias: 'shop' } },
        ],
      },
      {
        actions: [
          { remove: { index: 'shop-9', alias: 'shop', must_exist: true } },
          { add: { index: 'shop-2', alias: 'shop' } },
        ],
      },
    ]);
  });

  it('a resource_not_found_exception about anything but a required alias is not taken for a lost race', async () => {
    const { engine, on, calls } = mockCluster();
    on('GET', '/_alias/shop', () => ({ 'shop-1': { aliases: { shop: {} } } }));
    on('POST', '/_aliases', () => esError(404, 'resource_not_found_exception', 'something else is missing'));
    await expect(engine.swapAlias('shop', 'shop-2')).rejects.toMatchObject({ meta: { statusCode: 404 } });
    expect(calls.filter((c) => c.path === '/_aliases')).toHaveLength(1);
  });

  it('swapAlias on a new alias only adds; an alias named like an index is INVALID_NAME; a missing index INDEX_NOT_FOUND', async () => {
    const { engine, on, calls } = mockCluster();
    on('GET', '/_alias/:name', () => esError(404, 'aliases_not_found_exception'));
    on('POST', '/_aliases', (params) => {
      const body = params.body as { actions: { add?: { index: string; alias: string } }[] };
      const add = body.actions.at(-1)?.add;
      if (add?.alias === 'shop-1')
        return esError(400, 'invalid_alias_name_exception', 'an index exists with the same name as the alias');
      if (add?.index === 'nope') return esError(404, 'index_not_found_exception', 'no such index [nope]');
      return { acknowledged: true };
    });
    await expect(engine.swapAlias('shop', 'shop-1')).resolves.toBeNull();
    expect(calls.find((c) => c.path === '/_aliases')?.body).toEqual({
      actions: [{ add: { index: 'shop-1', alias: 'shop' } }],
    });
    await expect(engine.swapAlias('shop-1', 'shop-2')).rejects.toMatchObject({ code: 'INVALID_NAME' });
    await expect(engine.swapAlias('shop', 'nope')).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
  });

  it('resolveAlias returns the target or null', async () => {
    const { engine, on } = mockCluster();
    on('GET', '/_alias/shop', () => ({ 'shop-7': { aliases: { shop: {} } } }));
    on('GET', '/_alias/none', () => esError(404, 'aliases_not_found_exception'));
    await expect(engine.resolveAlias('shop')).resolves.toBe('shop-7');
    await expect(engine.resolveAlias('none')).resolves.toBeNull();
    await expect(engine.resolveAlias('a,b')).resolves.toBeNull();
  });

  it('listIndices sorts by name with counts and aliases; deleteIndex maps a missing index', async () => {
    const { engine, on } = mockCluster();
    on('GET', '/:pattern/_alias', (params) =>
      params.path !== '/shop-*/_alias'
        ? {}
        : { 'shop-2': { aliases: { shop: {}, other: {} } }, 'shop-1': { aliases: {} } },
    );
    on(['GET', 'POST'], '/shop-1/_count', () => ({ count: 4 }));
    on(['GET', 'POST'], '/shop-2/_count', () => ({ count: 2 }));
    on('DELETE', '/gone', () => esError(404, 'index_not_found_exception'));
    await expect(engine.listIndices('shop-')).resolves.toEqual([
      { name: 'shop-1', docCount: 4, aliases: [] },
      { name: 'shop-2', docCount: 2, aliases: ['other', 'shop'] },
    ]);
    await expect(engine.listIndices('*')).resolves.toEqual([]);
    await expect(engine.deleteIndex('gone')).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
  });
});
