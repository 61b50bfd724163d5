import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { Client } from '@elastic/elasticsearch';
import { trace, type Span, type Tracer } from '@opentelemetry/api';
import { ElasticsearchEngine } from '../../../../../shared/search/elasticsearch';
import {
  compatibleHeaders,
  connectClient,
  detectServerMajor,
  majorOf,
} from '../../../../../shared/search/elasticsearch/connection';
import { META_ONLY } from '../../../../../shared/search/elasticsearch/index-lifecycle';
import { DEFAULT_QUERY_LIMITS } from '../../../../../shared/search/elasticsearch/query-limits';

/** A loopback stand-in for a cluster of one version: answers the root endpoint and `_search`, recording headers. */
async function fakeCluster(
  version: string,
): Promise<{ url: string; seen: { path: string; headers: IncomingHttpHeaders }[]; server: Server }> {
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-elastic-product', 'Elasticsearch');
      const body =
        req.url === '/'
          ? {
              name: 'n',
              cluster_name: 'c',
              cluster_uuid: 'u',
              version: { number: version },
              tagline: 'You Know, for Search',
            }
          : { took: 1, timed_out: false, hits: { total: { value: 0, relation: 'eq' }, hits: [] } };
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A loopback TCP server that accepts every connection and never answers (a node stalled in a GC or a dead proxy). */
async function silentNode(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createTcpServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume(); // read the request, answer nothing
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Milliseconds a promise took to settle, and how it settled. */
async function timed(promise: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = Date.now();
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return { ms: Date.now() - started, error };
}

describe('server version detection (REST API compatibility)', () => {
  it('builds compatibility media types for a major', () => {
    // Both Content-Type and Accept must name the same compatible-with version:
    // https://www.elastic.co/docs/reference/elasticsearch/rest-apis/compatibility
    expect(compatibleHeaders(8)).toEqual({
      jsonContentType: 'application/vnd.elasticsearch+json; compatible-with=8',
      ndjsonContentType: 'application/vnd.elasticsearch+x-ndjson; compatible-with=8',
      accept: 'application/vnd.elasticsearch+json; compatible-with=8,text/plain',
    });
    expect([majorOf('8.19.2'), majorOf('9.0.0'), majorOf('x'), majorOf(undefined)]).toEqual([8, 9, null, null]);
  });

  it.each([
    ['8.19.2', 8],
    ['9.1.0', 9],
  ])('probes %s with plain JSON, then speaks compatible-with=%i', async (version, major) => {
    const cluster = await fakeCluster(version);
    try {
      const client = await connectClient({ node: cluster.url });
      await client.search({ index: 'shop', query: { match_all: {} } });
      await client.bulk({ operations: [{ delete: { _index: 'shop', _id: 'a' } }] }).catch(() => undefined);
      await client.close();
      const [probe, search, bulk] = cluster.seen;
      // The 9.x client's built-in compatible-with=9 is refused by 8.x servers (media_type_header_exception).
      expect(probe?.path).toBe('/');
      expect(probe?.headers.accept).toBe('application/json, text/plain');
      expect(search?.path).toBe('/shop/_search');
      expect(search?.headers.accept).toBe(`application/vnd.elasticsearch+json; compatible-with=${major}`);
      expect(search?.headers['content-type']).toBe(`application/vnd.elasticsearch+json; compatible-with=${major}`);
      expect(bulk?.headers['content-type']).toBe(`application/vnd.elasticsearch+x-ndjson; compatible-with=${major}`);
    } finally {
      await close(cluster.server);
    }
  });

  it('opens no tracing span per call, even with a tracer registered (Aisle exports no traces)', async () => {
    const spans: string[] = [];
    const tracer = {
      startSpan: (name: string) => {
        spans.push(name);
        return trace.wrapSpanContext({ traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 0 });
      },
      startActiveSpan: (name: string, ...rest: unknown[]) => {
        spans.push(name);
        const fn = rest.at(-1) as (span: Span) => unknown;
        return fn(trace.wrapSpanContext({ traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 0 }));
      },
    } as unknown as Tracer;
    trace.setGlobalTracerProvider({ getTracer: () => tracer });
    const cluster = await fakeCluster('8.19.2');
    try {
      const client = await connectClient({ node: cluster.url });
      await client.search({ index: 'shop', query: { match_all: {} } });
      await client.close();
      // The client's own transport, with tracing on, spans the same call (the check above can fail).
      const traced = new Client({ node: cluster.url });
      await traced.info();
      await traced.close();
      expect(spans).toEqual(['info']);
    } finally {
      trace.disable();
      await close(cluster.server);
    }
  });

  it('refuses a server major outside 8 and 9 as UNAVAILABLE', async () => {
    const cluster = await fakeCluster('7.17.9');
    try {
      await expect(detectServerMajor({ node: cluster.url })).rejects.toMatchObject({
        code: 'UNAVAILABLE',
        message: expect.stringMatching(/7\.17\.9/),
      });
    } finally {
      await close(cluster.server);
    }
  });

  it('an unreachable server is UNAVAILABLE', async () => {
    const cluster = await fakeCluster('8.0.0');
    await close(cluster.server);
    await expect(detectServerMajor({ node: cluster.url }, { timeoutMs: 1_000, retries: 0 })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });
});

describe('a stalled node', () => {
  it('the version probe gives up within the query bounds by default (2.5 s, one retry), as UNAVAILABLE', async () => {
    // Before the bound the probe waited as long as the node stalled, and every call of the engine waited on it.
    expect(DEFAULT_QUERY_LIMITS).toEqual({ timeoutMs: 2_500, retries: 1 });
    const node = await silentNode();
    try {
      const { ms, error } = await timed(connectClient({ node: node.url }));
      expect(error).toMatchObject({ code: 'UNAVAILABLE' });
      // The transport retries lost connections, not timeouts (retryOnTimeout is off), so this is one 2.5 s wait.
      expect(ms).toBeGreaterThanOrEqual(2_500 - 100);
      expect(ms).toBeLessThan(2 * 2_500 + 1_000);
      expect(node.connections()).toBeGreaterThan(0);
    } finally {
      await node.close();
    }
  }, 15_000);

  it('a stalled probe fails the first query as UNAVAILABLE within the bound it is given, and the next call probes again', async () => {
    const node = await silentNode();
    const engine = new ElasticsearchEngine({
      client: () => connectClient({ node: node.url }, { timeoutMs: 150, retries: 0 }),
      query: { timeoutMs: 150, retries: 0 },
    });
    try {
      const first = await timed(engine.search('shop', { language: 'en', market: 'se' }));
      expect(first.error).toMatchObject({ code: 'UNAVAILABLE' });
      expect(first.ms).toBeLessThan(2_000);
      await expect(detectServerMajor({ node: node.url }, { timeoutMs: 100, retries: 0 })).rejects.toMatchObject({
        code: 'UNAVAILABLE',
      });
      const again = await timed(engine.count('shop'));
      expect(again.error).toMatchObject({ code: 'UNAVAILABLE' });
      expect(again.ms).toBeLessThan(2_000);
    } finally {
      await engine.close();
      await node.close();
    }
  });

  it('the meta lookup before a query is bounded by the query timeout and asks for the _meta only', async () => {
    // getMapping with the client's defaults (30 s, 3 retries) would hold a storefront query for up to two minutes.
    const seen: string[] = [];
    const held: ServerResponse[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? '');
      req.resume();
      held.push(res); // _mapping never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const engine = new ElasticsearchEngine({
      client: new Client({ node: url }),
      query: { timeoutMs: 150, retries: 1 },
    });
    try {
      const { ms, error } = await timed(engine.search('shop', { language: 'en', market: 'se' }));
      expect(error).toMatchObject({ code: 'UNAVAILABLE' });
      expect(ms).toBeLessThan(2_000);
      // https://www.elastic.co/guide/en/elasticsearch/reference/8.18/common-options.html#common-options-response-filtering
      expect(META_ONLY).toEqual({ filter_path: ['*.mappings._meta'] });
      expect(seen[0]).toBe(`/shop/_mapping?filter_path=${encodeURIComponent('*.mappings._meta')}`);
    } finally {
      for (const res of held) res.destroy();
      await engine.close();
      await close(server);
    }
  });

  it('fails a storefront query within its timeout as UNAVAILABLE instead of hanging', async () => {
    // Without a request timeout the client waits as long as the node stalls; the client raises TimeoutError
    // when requestTimeout passes (https://www.elastic.co/guide/en/elasticsearch/client/javascript-api/current/timeout-best-practices.html).
    const held: ServerResponse[] = [];
    const server = createServer((req, res) => {
      req.resume();
      if (req.url?.split('?')[0]?.endsWith('/_mapping')) {
        res.setHeader('content-type', 'application/json');
        res.setHeader('x-elastic-product', 'Elasticsearch');
        res.end(JSON.stringify({ 'shop-1': { mappings: { _meta: { languages: ['en'] } } } }));
      } else held.push(res); // _search never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const engine = new ElasticsearchEngine({
      client: new Client({ node: url }),
      query: { timeoutMs: 150, retries: 0 },
    });
    try {
      // Were the timeout not applied, this would wait until jest's own test timeout fails it.
      await expect(engine.search('shop', { language: 'en', market: 'se' })).rejects.toMatchObject({
        code: 'UNAVAILABLE',
      });
      expect(held).toHaveLength(1); // the _search, not the meta lookup
    } finally {
      for (const res of held) res.destroy();
      await engine.close();
      await close(server);
    }
  });
});
