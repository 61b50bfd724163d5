import request from 'supertest';
import { createApp as createBusinessApi } from '../../../../services/business-api/app';
import { consoleClient } from '../../../../services/admin-console/console-client';
import { findClient, saveClient } from '../../../../services/identity/oauth/clients';
import { identityApp, silentLogger, tempSigningKey } from '../../../support/identity';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

// What the console's pages need from the other processes, besides its browser tests: CORS for its origin only on
// business-api's /api/v1 and the identity provider's token endpoint, and its OAuth client saved under a fixed id.

const CONSOLE = 'http://127.0.0.1:5174';

describe("the admin console's cross-origin calls", () => {
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

  it("business-api answers the console's preflight before authentication, and lets it read its 401", async () => {
    const api = createBusinessApi({ db: t.db, redis: r.redis, logger: silentLogger, corsOrigins: [CONSOLE] });
    const preflight = await request(api)
      .options('/api/v1/storefront/sites')
      .set('Origin', CONSOLE)
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization')
      .expect(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': CONSOLE,
      'access-control-allow-headers': expect.stringContaining('Authorization'),
    });
    const unauthenticated = await request(api).get('/api/v1/storefront/sites').set('Origin', CONSOLE).expect(401);
    expect(unauthenticated.headers['access-control-allow-origin']).toBe(CONSOLE);
    const foreign = await request(api)
      .get('/api/v1/storefront/sites')
      .set('Origin', 'https://evil.example')
      .expect(401);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const noList = createBusinessApi({ db: t.db, redis: r.redis, logger: silentLogger });
    expect(
      (await request(noList).get('/api/v1/storefront/sites').set('Origin', CONSOLE)).headers[
        'access-control-allow-origin'
      ],
    ).toBeUndefined();
  });

  it('the token endpoint lets the console read its answers (errors included); the consent page stays same-origin', async () => {
    const identity = identityApp({ db: t.db, redis: r.redis, signingKey: keys.signingKey }, { corsOrigins: [CONSOLE] });
    const refused = await request(identity)
      .post('/oauth/token')
      .set('Origin', CONSOLE)
      .type('form')
      .send({
        grant_type: 'authorization_code',
        code: 'x',
        redirect_uri: `${CONSOLE}/callback`,
        client_id: 'aisle-admin-console',
        code_verifier: 'v'.repeat(43),
      });
    expect([refused.status, refused.body.error, refused.headers['access-control-allow-origin']]).toEqual([
      400,
      'invalid_grant',
      CONSOLE,
    ]);
    const foreign = await request(identity)
      .post('/oauth/token')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ grant_type: 'client_credentials' });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const authorize = await request(identity).get('/oauth/authorize').set('Origin', CONSOLE);
    expect(authorize.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("saves the console's client under its fixed id, following the console's origins on each start", async () => {
    await saveClient(t.db, consoleClient([CONSOLE]));
    await saveClient(t.db, consoleClient(['http://127.0.0.1:6000', 'http://localhost:6000']));
    expect(await findClient(t.db, 'aisle-admin-console')).toEqual({
      clientId: 'aisle-admin-console',
      clientName: 'Aisle admin console',
      redirectUris: ['http://127.0.0.1:6000/callback', 'http://localhost:6000/callback'],
    });
  });
});
