import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import request from 'supertest';
import { createAppPassword } from '../../../../services/identity/app-passwords/create-app-password';
import { loadOrCreateSigningKey } from '../../../../services/identity/signing-keys';
import { TEST_AUDIENCE, TEST_ISSUER, identityApp, insertTenant, tempSigningKey } from '../../../support/identity';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

describe('identity discovery and keys', () => {
  let t: TestDb;
  let r: TestRedis;
  let keys: Awaited<ReturnType<typeof tempSigningKey>>;
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

  it('publishes the public signing key as a JWKS, without the private part', async () => {
    const res = await request(identityApp({ db: t.db, redis: r.redis, signingKey: keys.signingKey })).get(
      '/.well-known/jwks.json',
    );
    expect(res.status).toBe(200);
    expect(res.body.keys).toHaveLength(1);
    expect(res.body.keys[0]).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      kid: keys.signingKey.kid,
    });
    expect(res.body.keys[0]).not.toHaveProperty('d');
  });

  it.each(['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server'])(
    'describes itself at %s',
    async (path) => {
      const res = await request(
        identityApp({ db: t.db, redis: r.redis, signingKey: keys.signingKey }, { issuer: 'https://id.example/base/' }),
      ).get(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        issuer: 'https://id.example/base/',
        token_endpoint: 'https://id.example/base/oauth/token',
        jwks_uri: 'https://id.example/base/.well-known/jwks.json',
        authorization_endpoint: 'https://id.example/base/oauth/authorize',
        registration_endpoint: 'https://id.example/base/oauth/register',
        grant_types_supported: ['client_credentials', 'authorization_code'],
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      });
    },
  );

  it('keeps its key across a restart: a token issued before verifies against the JWKS served after', async () => {
    const { password, clientSecret } = await createAppPassword(t.db, {
      tenantCode: 'acme',
      email: 'ops@acme.test',
      name: 'restart',
      access: 'read-only',
      permissions: [],
    });
    const before = identityApp({ db: t.db, redis: r.redis, signingKey: await loadOrCreateSigningKey(keys.dataDir) });
    const token = await request(before)
      .post('/oauth/token')
      .auth(password.clientId, clientSecret)
      .type('form')
      .send({ grant_type: 'client_credentials' });
    expect(token.status).toBe(200);

    const after = identityApp({ db: t.db, redis: r.redis, signingKey: await loadOrCreateSigningKey(keys.dataDir) });
    const jwks = (await request(after).get('/.well-known/jwks.json')).body as JSONWebKeySet;
    const beforeJwks = (await request(before).get('/.well-known/jwks.json')).body as JSONWebKeySet;
    expect(jwks).toEqual(beforeJwks);
    const { payload } = await jwtVerify(token.body.access_token, createLocalJWKSet(jwks), {
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
    });
    expect(payload.sub).toBe(String(password.userId));
  });
});
