import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// The demo shop's and the console's API clients are browser modules; Node's fetch behaves as a browser's does here.
type Get = (path: string, signal?: AbortSignal) => Promise<unknown>;
type ShopApi = { get: (path: string, params?: URLSearchParams, signal?: AbortSignal) => Promise<unknown> };
const SHOP = '../../../services/demo-shop/public/js/api.js';
const CONSOLE = '../../../services/admin-console/public/js/api.js';

/** Each client's GET, by a path under /api/v1 (the console adds that prefix itself). */
async function clients(base: string): Promise<Record<string, Get>> {
  const shop = (await import(SHOP)) as { StorefrontApi: new (url: string, key: string) => ShopApi };
  const admin = (await import(CONSOLE)) as {
    AdminApi: new (url: string, token: string, onUnauthorized: () => void) => { get: Get };
  };
  const storefront = new shop.StorefrontApi(base, 'pk_test');
  const adminApi = new admin.AdminApi(base, 'token', () => {});
  return {
    'demo shop': (path, signal) => storefront.get(`/api/v1${path}`, undefined, signal),
    'admin console': (path, signal) => adminApi.get(path, signal),
  };
}

describe.each(['demo shop', 'admin console'])('the %s API client', (name) => {
  let server: Server;
  let get: Get;
  // A success whose headers and first bytes arrive, then nothing: the shape of an answer a newer request overtakes.
  const stalled: (() => void)[] = [];
  // Responses whose headers fetch has handed over: the abort below must land after that, while the body is read.
  let headersIn = 0;
  const realFetch = globalThis.fetch;
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  beforeAll(async () => {
    globalThis.fetch = async (...args) => {
      const res = await realFetch(...args);
      headersIn++;
      return res;
    };
    server = createServer((req, res) => {
      if (req.url?.endsWith('/refused')) {
        res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"items":[');
      stalled.push(() => res.end(']}'));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    get = (await clients(base))[name] as Get;
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    for (const end of stalled) end();
    server.closeAllConnections();
    server.close();
  });

  it('rejects with the abort when it is aborted while the body arrives, never answers an empty object', async () => {
    const controller = new AbortController();
    const before = headersIn;
    const answer = get('/slow', controller.signal);
    await until(() => headersIn > before);
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reads a whole answer as it is', async () => {
    const before = stalled.length;
    const answer = get('/whole');
    await until(() => stalled.length > before);
    stalled[before]?.();
    await expect(answer).resolves.toEqual({ items: [] });
  });

  it('turns a refusal with a body that is not JSON into an error with the status', async () => {
    await expect(get('/refused')).rejects.toMatchObject({ status: 502 });
  });
});
