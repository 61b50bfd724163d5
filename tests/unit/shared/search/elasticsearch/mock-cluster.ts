import { Client, errors } from '@elastic/elasticsearch';
import Mock, { type MockPattern } from '@elastic/elasticsearch-mock';
import { ElasticsearchEngine, type ElasticsearchEngineOptions } from '../../../../../shared/search/elasticsearch';

/** One request the mock received. */
export interface Recorded {
  method: string;
  path: string;
  body: unknown;
  querystring: Record<string, unknown>;
}

/** A mocked cluster recording every request, and an engine on it that never really sleeps. */
export function mockCluster(options: Partial<ElasticsearchEngineOptions> = {}) {
  const mock = new Mock();
  const calls: Recorded[] = [];
  const sleeps: number[] = [];
  const client = new Client({ node: 'http://localhost:9200', Connection: mock.getConnection() });
  const on = (
    method: string | string[],
    path: string,
    reply: (params: MockPattern) => Record<string, unknown> | errors.ElasticsearchClientError,
  ) =>
    mock.add({ method, path }, (params) => {
      calls.push({
        method: params.method as string,
        path: params.path as string,
        body: params.body ?? null,
        querystring: params.querystring ?? {},
      });
      return reply(params);
    });
  const engine = new ElasticsearchEngine({
    client,
    bulkRetry: { retries: 3, baseDelayMs: 100, sleep: async (ms) => void sleeps.push(ms) },
    ...options,
  });
  return { mock, calls, sleeps, engine, on };
}

/** An Elasticsearch error answer of the given status and type. */
export function esError(statusCode: number, type: string, reason = type): errors.ResponseError {
  return new errors.ResponseError({
    body: { error: { type, reason }, status: statusCode },
    statusCode,
    headers: {},
    warnings: null,
    meta: {
      context: null,
      name: 'elasticsearch-mock',
      request: { params: { method: 'GET', path: '/' }, options: {}, id: 1 },
      connection: null,
      attempts: 0,
      aborted: false,
    },
  });
}

/** A `_mapping` answer carrying the adapter's meta. */
export function mappingOf(index: string, languages: string[] = ['en']): Record<string, unknown> {
  return { [index]: { mappings: { _meta: { languages, boosts: { sku: 8, name: 4, brand: 2, description: 1 } } } } };
}
