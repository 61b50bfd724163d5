import { setTimeout as sleep } from 'node:timers/promises';
import type { Express } from 'express';
import request, { type Response } from 'supertest';
import { createAppPassword } from '../../../../services/identity/app-passwords/create-app-password';
import { createDb, type Knex } from '../../../../shared/db/knex';
import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';
import { identityApp, insertTenant, silentLogger, tempSigningKey } from '../../../support/identity';
import { startTcpProxy, type TcpProxy } from '../../../support/tcp-proxy';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

// Finding 5 of issue 10: while PostgreSQL cannot be reached, both APIs answer 503 `unavailable` with Retry-After
// (not a 500), and serve again once it is back, without a restart. The apps reach the test database through a
// proxy this file cuts; the shared server itself is never stopped.
describe('a PostgreSQL outage', () => {
  let proxy: TcpProxy;
  let h: BusinessApiHarness;
  let proxiedDb: Knex;
  let r: TestRedis;
  let keys: Awaited<ReturnType<typeof tempSigningKey>>;
  let identity: Express;
  let apiToken: string;
  let credentials: { grant_type: string; client_id: string; client_secret: string };

  const throughProxy = (url: string) => {
    const proxied = new URL(url);
    proxied.port = String(proxy.port);
    return proxied.toString();
  };
  const listCustomers = () => h.call('get', '/customers', { token: apiToken });
  const requestToken = () => request(identity).post('/oauth/token').type('form').send(credentials);

  beforeAll(async () => {
    const target = new URL(process.env.DATABASE_URL ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    h = await startBusinessApi({
      appDb: (t) => (proxiedDb = createDb(throughProxy(t.url), { pool: { min: 0, max: 5 }, logger: silentLogger })),
    });
    const tenantId = await insertTenant(h.t.db, 'outage');
    apiToken = await h.token(tenantId);
    r = createTestRedis();
    keys = await tempSigningKey();
    identity = identityApp({ db: proxiedDb, redis: r.redis, signingKey: keys.signingKey });
    const { password, clientSecret } = await createAppPassword(h.t.db, {
      tenantCode: 'outage',
      email: 'erp@outage.test',
      name: 'ERP',
      access: 'read-only',
      permissions: [],
    });
    credentials = { grant_type: 'client_credentials', client_id: password.clientId, client_secret: clientSecret };
  });
  afterAll(async () => {
    await proxiedDb.destroy();
    await proxy.close();
    await h.close();
    await r.cleanup();
    await keys.cleanup();
  });

  const expectUnavailable = (res: Response) => {
    expect([res.status, res.body.code]).toEqual([503, 'unavailable']);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ code: 'unavailable', message: expect.any(String), traceId: expect.any(String) });
    expect(res.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
  };

  it('answers 503 unavailable with Retry-After on the API and the token endpoint, and recovers without a restart', async () => {
    // Before: both work, and their pools hold open connections that the outage will drop.
    expect((await listCustomers()).status).toBe(200);
    expect((await requestToken()).status).toBe(200);

    await proxy.cut();
    // Twice each: the first call meets the dropped pooled connection, the second a refused new one.
    for (let i = 0; i < 2; i++) {
      expectUnavailable(await listCustomers());
      expectUnavailable(await requestToken());
    }
    expect((await request(h.app).get('/readyz')).status).toBe(503);

    await proxy.restore();
    await expectEventually200(listCustomers);
    await expectEventually200(requestToken);
  });
});

/** Polls until the call answers 200 (a pool may still hold a connection from before the outage); fails after 5 s. */
async function expectEventually200(call: () => Promise<Response>): Promise<void> {
  let last: Response | undefined;
  for (let attempt = 0; attempt < 50; attempt++) {
    last = await call();
    if (last.status === 200) return;
    await sleep(100);
  }
  expect(last?.status).toBe(200);
}
