import type { BulkOperation } from '../../../../../shared/search';
import { esError, mappingOf, mockCluster } from './mock-cluster';
import { sampleDocument } from './fixture';

const ops: BulkOperation[] = ['a', 'b', 'c'].map((id) => ({ action: 'index', document: sampleDocument({ id }) }));

type Line = Record<string, { _id?: string }>;
const sentIds = (body: unknown): string[] =>
  (body as Line[]).flatMap((line) =>
    line.index?._id !== undefined ? [line.index._id] : line.delete?._id !== undefined ? [line.delete._id] : [],
  );

describe('ElasticsearchEngine bulk (mocked cluster)', () => {
  it('counts per-item failures and reports them by position with the reason', async () => {
    const { engine, on } = mockCluster();
    on('GET', '/shop-1/_mapping', () => mappingOf('shop-1'));
    on('POST', '/_bulk', () => ({
      errors: true,
      took: 1,
      items: [
        { index: { _index: 'shop-1', _id: 'a', status: 201 } },
        {
          index: {
            _index: 'shop-1',
            _id: 'b',
            status: 400,
            error: { type: 'document_parsing_exception', reason: 'failed to parse [numbers.w]' },
          },
        },
        { index: { _index: 'shop-1', _id: 'c', status: 200 } },
      ],
    }));
    await expect(engine.bulk('shop-1', ops)).resolves.toEqual({
      succeeded: 2,
      failures: [{ position: 1, id: 'b', reason: 'document_parsing_exception: failed to parse [numbers.w]' }],
    });
  });

  it('resends only the items rejected with 429, with exponential backoff, until they succeed', async () => {
    const { engine, on, calls, sleeps } = mockCluster();
    on('GET', '/shop-1/_mapping', () => mappingOf('shop-1'));
    let attempt = 0;
    on('POST', '/_bulk', (params) => {
      attempt++;
      const ids = sentIds(params.body);
      const status = (id: string) => (attempt < 3 && id !== 'a' ? 429 : 201);
      return {
        errors: attempt < 3,
        took: 1,
        items: ids.map((id) => ({ index: { _index: 'shop-1', _id: id, status: status(id) } })),
      };
    });
    await expect(engine.bulk('shop-1', ops)).resolves.toEqual({ succeeded: 3, failures: [] });
    const bulks = calls.filter((c) => c.path === '/_bulk').map((c) => sentIds(c.body));
    expect(bulks).toEqual([
      ['a', 'b', 'c'],
      ['b', 'c'],
      ['b', 'c'],
    ]);
    expect(sleeps).toEqual([100, 200]);
  });

  it('gives up after the bounded retries and reports what is still rejected', async () => {
    const { engine, on, sleeps } = mockCluster();
    on('GET', '/shop-1/_mapping', () => mappingOf('shop-1'));
    on('POST', '/_bulk', (params) => ({
      errors: true,
      took: 1,
      items: sentIds(params.body).map((id) => ({
        index: { _index: 'shop-1', _id: id, status: id === 'c' ? 429 : 201 },
      })),
    }));
    const result = await engine.bulk('shop-1', ops);
    expect(result.succeeded).toBe(2);
    expect(result.failures).toEqual([{ position: 2, id: 'c', reason: 'rejected with 429 after 3 retries' }]);
    expect(sleeps).toEqual([100, 200, 400]);
  });

  it('retries a whole request rejected with 429', async () => {
    const { engine, on, sleeps } = mockCluster();
    on('GET', '/shop-1/_mapping', () => mappingOf('shop-1'));
    let attempt = 0;
    on('POST', '/_bulk', (params) => {
      if (++attempt === 1) return esError(429, 'circuit_breaking_exception');
      return {
        errors: false,
        took: 1,
        items: sentIds(params.body).map((id) => ({ index: { _index: 'shop-1', _id: id, status: 201 } })),
      };
    });
    await expect(engine.bulk('shop-1', ops)).resolves.toEqual({ succeeded: 3, failures: [] });
    expect(sleeps).toEqual([100]);
  });

  it('splits a call into requests within the chunk limits, in order, and reports failures at their place in the call', async () => {
    const { engine, on, calls } = mockCluster({ bulkChunk: { maxOperations: 2 } });
    on('GET', '/shop-1/_mapping', () => mappingOf('shop-1'));
    let requests = 0;
    on('POST', '/_bulk', (params) => {
      requests++;
      const status = (id: string) => (id === 'e' ? 400 : id === 'c' && requests === 2 ? 429 : 201);
      const item = (id: string) => ({
        index: {
          _index: 'shop-1',
          _id: id,
          status: status(id),
          ...(status(id) === 400 ? { error: { type: 'document_parsing_exception', reason: 'bad' } } : {}),
        },
      });
      return { errors: true, took: 1, items: sentIds(params.body).map(item) };
    });
    const five: BulkOperation[] = [
      { action: 'index', document: sampleDocument({ id: 'a' }) },
      { action: 'index', document: sampleDocument({ id: '' }) }, // refused before sending, position 1
      ...['b', 'c', 'd', 'e'].map((id): BulkOperation => ({ action: 'index', document: sampleDocument({ id }) })),
    ];
    await expect(engine.bulk('shop-1', five)).resolves.toEqual({
      succeeded: 4,
      failures: [
        { position: 1, id: '', reason: 'id must be a non-empty string' },
        { position: 5, id: 'e', reason: 'document_parsing_exception: bad' },
      ],
    });
    // Three requests of at most two operations, then the 429-rejected item alone.
    expect(calls.filter((c) => c.path === '/_bulk').map((c) => sentIds(c.body))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e'],
      ['c'],
    ]);
  });

  it('a request refused as too large (413) fails its own items, not the call', async () => {
    const { engine, on } = mockCluster({ bulkChunk: { maxOperations: 1 } });
    on('GET', '/shop-1/_mapping', () => mappingOf('shop-1'));
    on('POST', '/_bulk', (params) => {
      const [id] = sentIds(params.body);
      if (id === 'b') return esError(413, 'content_too_long_exception', 'request body is too large');
      return { errors: false, took: 1, items: [{ index: { _index: 'shop-1', _id: id, status: 201 } }] };
    });
    const result = await engine.bulk('shop-1', ops);
    expect(result.succeeded).toBe(2);
    expect(result.failures).toEqual([
      {
        position: 1,
        id: 'b',
        reason: expect.stringMatching(/^a bulk request of \d+ bytes was refused as too large \(413/),
      },
    ]);
  });

  it('never sends invalid documents, and refuses a missing index instead of auto-creating it', async () => {
    const { engine, on, calls } = mockCluster();
    on('GET', '/shop-1/_mapping', () => mappingOf('shop-1'));
    on('GET', '/gone/_mapping', () => esError(404, 'index_not_found_exception', 'no such index [gone]'));
    on('POST', '/_bulk', () => ({
      errors: false,
      took: 1,
      items: [{ delete: { _index: 'shop-1', _id: 'x', status: 404, result: 'not_found' } }],
    }));
    const result = await engine.bulk('shop-1', [
      { action: 'index', document: sampleDocument({ id: '' }) },
      { action: 'delete', id: 'x' },
    ]);
    expect(result).toEqual({
      succeeded: 1,
      failures: [{ position: 0, id: '', reason: 'id must be a non-empty string' }],
    });
    await expect(engine.bulk('gone', ops)).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
    expect(calls.filter((c) => c.path === '/_bulk')).toHaveLength(1);
  });
});
