import request from 'supertest';
import { REGISTRATIONS_PER_HOUR } from '../../../../services/identity/oauth/registration-budget';
import { identityApp, tempSigningKey } from '../../../support/identity';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

describe('POST /oauth/register (RFC 7591)', () => {
  let t: TestDb;
  let r: TestRedis;
  let keys: Awaited<ReturnType<typeof tempSigningKey>>;

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    keys = await tempSigningKey();
  });
  afterAll(async () => {
    await r.cleanup();
    await t.drop();
    await keys.cleanup();
  });

  it('registers a public client and stores it; refuses bad metadata with the RFC error codes', async () => {
    const app = identityApp({ db: t.db, redis: r.redis, signingKey: keys.signingKey });
    const ok = await request(app)
      .post('/oauth/register')
      .send({
        client_name: 'Inspector',
        redirect_uris: ['http://localhost:6274/oauth/callback'],
        token_endpoint_auth_method: 'client_secret_post',
      });
    expect(ok.status).toBe(201);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.body).toMatchObject({
      client_name: 'Inspector',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      redirect_uris: ['http://localhost:6274/oauth/callback'],
    });
    expect(ok.body).not.toHaveProperty('client_secret');
    expect(await t.db('oauth_clients').where({ client_id: ok.body.client_id }).select('client_name')).toEqual([
      { client_name: 'Inspector' },
    ]);

    const bad = await request(app)
      .post('/oauth/register')
      .send({ redirect_uris: ['http://evil.example/cb'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'invalid_redirect_uri' });
    expect((await request(app).post('/oauth/register').send({})).body).toMatchObject({
      error: 'invalid_client_metadata',
    });
  });

  it('refuses redirect URIs that parsers read differently, and stores the normal form', async () => {
    const app = identityApp({ db: t.db, redis: r.redis, signingKey: keys.signingKey });
    for (const uri of [
      'http://127.0.0.1\\@evil.example/',
      'http://me@127.0.0.1/cb',
      'https://app.example/a/../cb',
      'https://app.example/cb\r\nX: y',
    ]) {
      const res = await request(app)
        .post('/oauth/register')
        .send({ redirect_uris: [uri] });
      expect([res.status, res.body.error]).toEqual([400, 'invalid_redirect_uri']);
    }
    const ok = await request(app)
      .post('/oauth/register')
      .send({ redirect_uris: ['HTTP://LocalHost:6274/cb'] });
    expect(ok.body.redirect_uris).toEqual(['http://localhost:6274/cb']);
    expect(await t.db('oauth_clients').where({ client_id: ok.body.client_id }).first('redirect_uris')).toEqual({
      redirect_uris: ['http://localhost:6274/cb'],
    });
  });

  it(`allows ${REGISTRATIONS_PER_HOUR} registrations per address per hour, then 429 with Retry-After`, async () => {
    const app = identityApp({ db: t.db, redis: r.redis, signingKey: keys.signingKey });
    const register = () =>
      request(app)
        .post('/oauth/register')
        .send({ redirect_uris: ['https://client.example/cb'] });
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) expect((await register()).status).toBe(201);
    const refused = await register();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
  });
});
