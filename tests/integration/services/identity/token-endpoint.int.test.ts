import type { Express } from 'express';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import request from 'supertest';
import { createAppPassword } from '../../../../services/identity/app-passwords/create-app-password';
import { revokeAppPassword, getAppPassword } from '../../../../services/identity/app-passwords/repository';
import type { CreateAppPasswordInput } from '../../../../services/identity/app-passwords/create-app-password';
import { TEST_AUDIENCE, TEST_ISSUER, identityApp, insertTenant, tempSigningKey } from '../../../support/identity';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

describe('POST /oauth/token', () => {
  let t: TestDb;
  let r: TestRedis;
  let keys: Awaited<ReturnType<typeof tempSigningKey>>;
  let tenantId: number;
  let app: Express;
  let n = 0;

  const newPassword = (overrides: Partial<CreateAppPasswordInput> = {}) =>
    createAppPassword(t.db, {
      tenantCode: 'acme',
      email: 'erp@acme.test',
      name: `ERP sync ${++n}`,
      access: 'read-write',
      permissions: ['payment_manage', 'price', 'quantity'],
      ...overrides,
    });
  const appWith = (overrides: Parameters<typeof identityApp>[1] = {}) =>
    identityApp({ db: t.db, redis: r.redis, signingKey: keys.signingKey }, overrides);
  const tokenForm = (target: Express, fields: Record<string, string>) =>
    request(target).post('/oauth/token').type('form').send(fields);

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    keys = await tempSigningKey();
    tenantId = await insertTenant(t.db, 'acme');
    app = appWith();
  });
  afterAll(async () => {
    await r.cleanup();
    await t.drop();
    await keys.cleanup();
  });

  it('exchanges form-encoded client credentials for a signed, short-lived token', async () => {
    const { password, clientSecret } = await newPassword();
    const res = await tokenForm(app, {
      grant_type: 'client_credentials',
      client_id: password.clientId,
      client_secret: clientSecret,
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
      scope: 'read write payment_manage price quantity',
    });
    const { payload } = await jwtVerify(res.body.access_token, await importJWK(keys.signingKey.publicJwk, 'ES256'), {
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
    });
    expect(payload).toMatchObject({
      sub: String(password.userId),
      iid: tenantId,
      scope: res.body.scope,
      client_id: password.clientId,
    });
    expect(payload.exp).toBe((payload.iat ?? 0) + 900);
    expect(payload.jti).toEqual(expect.any(String));
    expect(decodeProtectedHeader(res.body.access_token)).toMatchObject({
      alg: 'ES256',
      kid: keys.signingKey.kid,
      typ: 'at+jwt',
    });
    expect((await getAppPassword(t.db, password.id))?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('accepts a JSON body and HTTP Basic authentication', async () => {
    const { password, clientSecret } = await newPassword();
    const json = await request(app)
      .post('/oauth/token')
      .send({ grant_type: 'client_credentials', client_id: password.clientId, client_secret: clientSecret });
    expect(json.status).toBe(200);
    const basic = await request(app)
      .post('/oauth/token')
      .auth(password.clientId, clientSecret)
      .type('form')
      .send({ grant_type: 'client_credentials' });
    expect(basic.status).toBe(200);
    expect(basic.body.token_type).toBe('Bearer');
  });

  it('narrows the token to a requested scope and refuses one beyond the grant', async () => {
    const { password, clientSecret } = await newPassword({ access: 'read-only', permissions: ['price'] });
    const creds = { grant_type: 'client_credentials', client_id: password.clientId, client_secret: clientSecret };
    expect((await tokenForm(app, creds)).body.scope).toBe('read price');
    expect((await tokenForm(app, { ...creds, scope: 'read' })).body.scope).toBe('read');
    const beyond = await tokenForm(app, { ...creds, scope: 'read write' });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toBe('invalid_scope');
  });

  it('answers one invalid_client for a wrong secret, an unknown client and a revoked password', async () => {
    const { password, clientSecret } = await newPassword();
    const revoked = await newPassword();
    await revokeAppPassword(t.db, revoked.password.id);
    const attempts = [
      { client_id: password.clientId, client_secret: `${clientSecret}x` },
      { client_id: 'ap_doesnotexist0000', client_secret: clientSecret },
      { client_id: revoked.password.clientId, client_secret: revoked.clientSecret },
    ];
    const bodies = [];
    for (const creds of attempts) {
      const res = await tokenForm(app, { grant_type: 'client_credentials', ...creds });
      expect(res.status).toBe(401);
      bodies.push(res.body);
    }
    expect(bodies).toEqual(
      Array(3).fill({ error: 'invalid_client', error_description: 'Client authentication failed.' }),
    );
  });

  it('asks for Basic credentials again when Basic authentication failed', async () => {
    const res = await request(app)
      .post('/oauth/token')
      .auth('ap_nobody', 'wrong')
      .type('form')
      .send({ grant_type: 'client_credentials' });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Basic /);
  });

  it.each([
    ['an unsupported grant type', { grant_type: 'password', username: 'a', password: 'b' }, 'unsupported_grant_type'],
    ['no grant type', { client_id: 'ap_x', client_secret: 'y' }, 'invalid_request'],
  ])('refuses %s with RFC 6749 errors', async (_name, fields, error) => {
    const res = await tokenForm(app, fields);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, error_description: expect.any(String) });
  });

  it('refuses a malformed JSON body with invalid_request', async () => {
    const res = await request(app).post('/oauth/token').set('Content-Type', 'application/json').send('{"grant_type":');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('answers 429 with an integer Retry-After once a client id has spent its issuing budget', async () => {
    const limited = appWith({ budget: { points: 3, windowSeconds: 60 } });
    const { password, clientSecret } = await newPassword();
    const other = await newPassword();
    const creds = { grant_type: 'client_credentials', client_id: password.clientId, client_secret: clientSecret };
    for (let i = 0; i < 3; i++) expect((await tokenForm(limited, creds)).status).toBe(200);
    const res = await tokenForm(limited, creds);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.body).toEqual({ code: 'rate_limited', message: expect.any(String), traceId: expect.any(String) });
    const otherRes = await tokenForm(limited, {
      grant_type: 'client_credentials',
      client_id: other.password.clientId,
      client_secret: other.clientSecret,
    });
    expect(otherRes.status).toBe(200);
  });

  it('blocks an address after too many failed attempts, even for a valid client', async () => {
    const limited = appWith({ failedAttemptsPerIp: { points: 3, windowSeconds: 600 } });
    const { password, clientSecret } = await newPassword();
    for (let i = 0; i < 3; i++) {
      const res = await tokenForm(limited, {
        grant_type: 'client_credentials',
        client_id: `ap_guess${i}`,
        client_secret: 'x',
      });
      expect(res.status).toBe(401);
    }
    const res = await tokenForm(limited, {
      grant_type: 'client_credentials',
      client_id: password.clientId,
      client_secret: clientSecret,
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.code).toBe('rate_limited');
  });

  it('answers unknown paths with a 404 ErrorEnvelope and serves health endpoints', async () => {
    const res = await request(app).get('/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'not_found', message: expect.any(String), traceId: expect.any(String) });
    expect((await request(app).get('/healthz')).status).toBe(200);
    expect((await request(app).get('/readyz')).body).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok' } });
  });
});
