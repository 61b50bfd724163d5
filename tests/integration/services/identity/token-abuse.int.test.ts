import type { Express } from 'express';
import request from 'supertest';
import { createAppPassword } from '../../../../services/identity/app-passwords/create-app-password';
import { identityApp, insertTenant, tempSigningKey } from '../../../support/identity';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

// Finding 3 of issue 10: failed guesses for a client id must not lock its owner out (docs/decisions.md,
// "Token endpoint abuse"). Callers at different addresses are simulated through a trusted loopback proxy.
describe('POST /oauth/token under guessing', () => {
  let t: TestDb;
  let r: TestRedis;
  let keys: Awaited<ReturnType<typeof tempSigningKey>>;
  let n = 0;

  // The production defaults (identity config), so the scenario is the one a deployment sees.
  const PRODUCTION_BUDGETS = {
    budget: { points: 20, windowSeconds: 60 },
    failedAttemptsPerIp: { points: 20, windowSeconds: 900 },
    failedAttemptsPerClient: { points: 100, windowSeconds: 900 },
  };
  const appWith = (overrides: Parameters<typeof identityApp>[1] = {}) =>
    identityApp(
      { db: t.db, redis: r.redis, signingKey: keys.signingKey },
      { ...PRODUCTION_BUDGETS, trustProxy: ['loopback'], ...overrides },
    );
  const newPassword = () =>
    createAppPassword(t.db, {
      tenantCode: 'acme',
      email: 'erp@acme.test',
      name: `ERP ${++n}`,
      access: 'read-only',
      permissions: [],
    });
  const tokenFrom = (app: Express, address: string, clientId: string, secret: string) =>
    request(app)
      .post('/oauth/token')
      .set('X-Forwarded-For', address)
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret });

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    keys = await tempSigningKey();
    await insertTenant(t.db, 'acme');
  });
  afterAll(async () => {
    await r.cleanup();
    await t.drop();
    await keys.cleanup();
  });

  it('gives the owner a token after 20 wrong secrets for its client id from several addresses', async () => {
    const app = appWith();
    const { password, clientSecret } = await newPassword();
    for (let i = 0; i < 20; i++) {
      const res = await tokenFrom(app, `203.0.113.${(i % 5) + 1}`, password.clientId, `guess-${i}`);
      expect([i, res.status, res.body.error]).toEqual([i, 401, 'invalid_client']);
    }
    const owner = await tokenFrom(app, '198.51.100.7', password.clientId, clientSecret);
    expect(owner.status).toBe(200);
    expect(owner.body.access_token).toEqual(expect.any(String));
  });

  it('does not spend the issuing budget on wrong secrets', async () => {
    const app = appWith({ budget: { points: 2, windowSeconds: 60 } });
    const { password, clientSecret } = await newPassword();
    for (let i = 0; i < 5; i++)
      expect((await tokenFrom(app, '203.0.113.9', password.clientId, 'guess')).status).toBe(401);
    expect((await tokenFrom(app, '198.51.100.7', password.clientId, clientSecret)).status).toBe(200);
    expect((await tokenFrom(app, '198.51.100.7', password.clientId, clientSecret)).status).toBe(200);
    expect((await tokenFrom(app, '198.51.100.7', password.clientId, clientSecret)).status).toBe(429);
  });

  it('past a client id failure limit, blocks each guessing address at its next failure and still lets the owner in', async () => {
    const app = appWith({ failedAttemptsPerClient: { points: 3, windowSeconds: 900 } });
    const { password, clientSecret } = await newPassword();
    for (let i = 0; i < 3; i++)
      expect((await tokenFrom(app, '203.0.113.20', password.clientId, 'guess')).status).toBe(401);
    // The client id is over its limit now: one more failure from a fresh address uses up that address's budget.
    expect((await tokenFrom(app, '203.0.113.21', password.clientId, 'guess')).status).toBe(401);
    const blocked = await tokenFrom(app, '203.0.113.21', password.clientId, clientSecret);
    expect([blocked.status, blocked.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The first address made 3 of its 20 failures, so it is not blocked, and the owner is never refused.
    expect((await tokenFrom(app, '203.0.113.20', password.clientId, clientSecret)).status).toBe(200);
    expect((await tokenFrom(app, '198.51.100.7', password.clientId, clientSecret)).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const untrusting = appWith({ trustProxy: false, failedAttemptsPerIp: { points: 3, windowSeconds: 900 } });
    const { password, clientSecret } = await newPassword();
    for (let i = 0; i < 3; i++)
      expect((await tokenFrom(untrusting, `203.0.113.${30 + i}`, 'ap_unknown', 'x')).status).toBe(401);
    // All three came from the socket's address, whatever the header said: that address is blocked now.
    expect((await tokenFrom(untrusting, '198.51.100.8', password.clientId, clientSecret)).status).toBe(429);

    const trusting = appWith({ failedAttemptsPerIp: { points: 3, windowSeconds: 900 } });
    for (let i = 0; i < 3; i++) expect((await tokenFrom(trusting, '203.0.113.40', 'ap_unknown', 'x')).status).toBe(401);
    expect((await tokenFrom(trusting, '203.0.113.40', password.clientId, clientSecret)).status).toBe(429);
    expect((await tokenFrom(trusting, '198.51.100.9', password.clientId, clientSecret)).status).toBe(200);
  });
});
