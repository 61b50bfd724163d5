import type { Express } from 'express';
import { SignJWT } from 'jose';
import request from 'supertest';
import { listen, type RunningServer } from '../../../../shared/http/listen';
import { createApp } from '../../../../services/business-api/app';
import { UNAUTHORIZED_MESSAGE } from '../../../../services/business-api/auth/authenticate';
import { createTokenVerifier, remoteKeys } from '../../../../services/business-api/auth/token-verifier';
import {
  createAppPassword,
  type CreateAppPasswordInput,
} from '../../../../services/identity/app-passwords/create-app-password';
import { testResources } from '../../../support/business-test-routes';
import {
  TEST_AUDIENCE,
  TEST_ISSUER,
  identityApp,
  insertTenant,
  silentLogger,
  tempSigningKey,
} from '../../../support/identity';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

// The whole flow over real HTTP: app password -> identity token endpoint -> business-api, which fetches the
// identity provider's JWKS like it does in production.
describe('business-api authentication with tokens from the identity provider', () => {
  let t: TestDb;
  let r: TestRedis;
  let keys: Awaited<ReturnType<typeof tempSigningKey>>;
  let identity: RunningServer;
  let api: Express;
  const tenants: Record<string, number> = {};

  const password = (overrides: Partial<CreateAppPasswordInput> = {}) =>
    createAppPassword(t.db, {
      tenantCode: 'acme',
      email: 'erp@acme.test',
      name: 'ERP',
      access: 'read-write',
      permissions: [],
      ...overrides,
    });

  async function tokenFor(overrides: Partial<CreateAppPasswordInput> = {}): Promise<string> {
    const { password: p, clientSecret } = await password(overrides);
    const res = await fetch(`${identity.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: p.clientId,
        client_secret: clientSecret,
      }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  const signed = (claims: { iss?: string; aud?: string; exp?: number }) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iid: tenants.acme, scope: 'read write' })
      .setProtectedHeader({ alg: 'ES256', kid: keys.signingKey.kid })
      .setIssuer(claims.iss ?? TEST_ISSUER)
      .setAudience(claims.aud ?? TEST_AUDIENCE)
      .setSubject('1')
      .setIssuedAt(now - 1000)
      .setExpirationTime(claims.exp ?? now + 300)
      .sign(keys.signingKey.privateKey);
  };

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    keys = await tempSigningKey();
    tenants.acme = await insertTenant(t.db, 'acme');
    tenants.globex = await insertTenant(t.db, 'globex');
    identity = await listen(identityApp({ db: t.db, redis: r.redis, signingKey: keys.signingKey }), '127.0.0.1', 0);
    const verifyToken = createTokenVerifier({
      keys: remoteKeys(`${identity.url}/.well-known/jwks.json`),
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
    });
    api = createApp({ db: t.db, redis: r.redis, logger: silentLogger, verifyToken, resources: [testResources()] });
  });
  afterAll(async () => {
    await identity.close();
    await r.cleanup();
    await t.drop();
    await keys.cleanup();
  });

  it('lets an app password call a protected route as its user in its tenant', async () => {
    const { password: p, clientSecret } = await password({
      email: 'Pay@Acme.test',
      permissions: ['payment_manage', 'price'],
    });
    const token = (await (
      await fetch(`${identity.url}/oauth/token`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${p.clientId}:${clientSecret}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      })
    ).json()) as { access_token: string };
    const res = await request(api).get('/api/v1/whoami').set('Authorization', `Bearer ${token.access_token}`);
    expect(res.status).toBe(200);
    expect(res.headers['x-service-api-version']).toBe('v1');
    expect(res.body).toEqual({
      tenantId: tenants.acme,
      userId: String(p.userId),
      scopes: ['read', 'write', 'payment_manage', 'price'],
      permissions: ['payment_manage', 'price'],
      readOnly: false,
      canRead: true,
    });
  });

  it('takes the tenant from the token alone', async () => {
    const token = await tokenFor({ tenantCode: 'globex', email: 'erp@globex.test' });
    const res = await request(api)
      .get('/api/v1/whoami')
      .set('Authorization', `Bearer ${token}`)
      .set('X-Tenant-Id', String(tenants.acme));
    expect(res.body.tenantId).toBe(tenants.globex);
  });

  it('answers every rejected token with the same 401 body', async () => {
    const valid = await tokenFor();
    const attempts: Array<[string, string | undefined]> = [
      ['missing', undefined],
      ['empty bearer', 'Bearer '],
      ['other scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
      ['garbage', 'Bearer not.a.jwt'],
      ['tampered', `Bearer ${valid.slice(0, -4)}AAAA`],
      ['expired', `Bearer ${await signed({ exp: Math.floor(Date.now() / 1000) - 300 })}`],
      ['wrong audience', `Bearer ${await signed({ aud: 'storefront' })}`],
      ['wrong issuer', `Bearer ${await signed({ iss: 'https://evil.test' })}`],
    ];
    for (const [name, header] of attempts) {
      const req = request(api).get('/api/v1/whoami');
      const res = await (header === undefined ? req : req.set('Authorization', header));
      expect({ name, status: res.status }).toEqual({ name, status: 401 });
      expect(res.body).toEqual({
        code: 'unauthorized',
        message: UNAUTHORIZED_MESSAGE,
        traceId: res.headers['x-trace-id'],
      });
      expect(res.headers['x-service-api-version']).toBe('v1');
      expect(res.headers['www-authenticate']).toBe('Bearer realm="aisle"');
    }
  });

  it('refuses writes to a read-only token but allows its reads and the invoice-line search', async () => {
    const auth = `Bearer ${await tokenFor({ access: 'read-only' })}`;
    const write = await request(api).patch('/api/v1/things/1').set('Authorization', auth).send({ name: 'x' });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ code: 'forbidden', message: expect.any(String), traceId: expect.any(String) });
    expect((await request(api).get('/api/v1/whoami').set('Authorization', auth)).body.readOnly).toBe(true);
    const search = await request(api)
      .post('/api/v1/sales-invoice-lines')
      .set('Authorization', auth)
      .send({ from: '2024-01-01' });
    expect(search.status).toBe(200);
    expect(search.body).toEqual({ searched: '2024-01-01' });
  });

  it('lets a read-write token write', async () => {
    const res = await request(api)
      .patch('/api/v1/things/12')
      .set('Authorization', `Bearer ${await tokenFor()}`)
      .send({ name: 'x' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 12, name: 'x' });
  });

  it('applies permission checks to app passwords too', async () => {
    const without = await request(api)
      .get('/api/v1/sales-orders/5/payment')
      .set('Authorization', `Bearer ${await tokenFor({ permissions: ['price'] })}`);
    expect(without.status).toBe(403);
    expect(without.body.code).toBe('forbidden');
    const auth = `Bearer ${await tokenFor({ access: 'read-only', permissions: ['payment_manage'] })}`;
    expect((await request(api).get('/api/v1/sales-orders/5/payment').set('Authorization', auth)).body).toEqual({
      orderId: 5,
    });
    const badId = await request(api).get('/api/v1/sales-orders/5x/payment').set('Authorization', auth);
    expect(badId.status).toBe(400);
    expect(badId.body).toEqual({ code: 'invalid_request', message: expect.any(String), traceId: expect.any(String) });
  });

  it('answers 500 without internals when the key source is unreachable, rather than blaming the token', async () => {
    const offline = createApp({
      db: t.db,
      redis: r.redis,
      logger: silentLogger,
      verifyToken: createTokenVerifier({
        keys: remoteKeys('http://127.0.0.1:1/jwks.json'),
        issuer: TEST_ISSUER,
        audience: TEST_AUDIENCE,
      }),
      resources: [testResources()],
    });
    const res = await request(offline)
      .get('/api/v1/whoami')
      .set('Authorization', `Bearer ${await tokenFor()}`);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: 'internal_error',
      message: expect.any(String),
      traceId: res.headers['x-trace-id'],
    });
  });
});
