import { connect } from 'node:net';
import { clientErrorProblem } from '../../../../services/storefront-api/http/problem';
import { listen, type RunningServer } from '../../../../shared/http/listen';
import { createStorefrontTestApp, ERRORS_DOC_URL } from '../../../support/storefront-api';
import { indexedShop, type IndexedShop } from '../../../support/storefront-fixture';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import { socketGet } from '../../../support/socket-get';

/** Bytes that are not HTTP, and whatever the server answers before it closes. */
function sendRaw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

// Requests Node refuses before the app runs (headers over 16 KB, bytes that are not HTTP) are answered in the
// storefront's error format (problem+json), not with Node's empty body.
describe('storefront requests Node cannot hand to the app', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let server: RunningServer;

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, { tenant: 'client-errors', products: 10, seed: 5 });
    const { app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine });
    server = await listen(app, '127.0.0.1', 0, clientErrorProblem(ERRORS_DOC_URL));
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('answers a 60 KB header with 431 problem+json', async () => {
    const res = await socketGet(`${server.url}/v1/products`, {
      'X-Site-Key': shop.keys.publishable,
      'X-Padding': 'a'.repeat(60_000),
    });
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(body).toEqual({
      type: `${ERRORS_DOC_URL}/REQUEST_HEADERS_TOO_LARGE`,
      title: 'REQUEST_HEADERS_TOO_LARGE',
      status: 431,
      detail: expect.any(String),
      code: 'REQUEST_HEADERS_TOO_LARGE',
    });
  });

  it('answers bytes that are not HTTP with 400 BAD_REQUEST problem+json', async () => {
    const raw = await sendRaw(Number(new URL(server.url).port), 'NOT HTTP AT ALL\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('Content-Type: application/problem+json');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      title: 'BAD_REQUEST',
    });
  });

  it('still serves ordinary requests on the same server', async () => {
    expect((await socketGet(`${server.url}/v1/products`, { 'X-Site-Key': shop.keys.publishable })).status).toBe(200);
  });
});
