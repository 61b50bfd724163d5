import type { Express } from 'express';
import { SignJWT, createLocalJWKSet } from 'jose';
import request from 'supertest';
import { createApp } from '../../../../services/business-api/app';
import { createTokenVerifier } from '../../../../services/business-api/auth/token-verifier';
import { testResources } from '../../../support/business-test-routes';
import { TEST_AUDIENCE, TEST_ISSUER, silentLogger, tempSigningKey } from '../../../support/identity';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

// The /api/v1 conventions every resource inherits, with tokens verified against a local key set.
describe('business-api HTTP conventions', () => {
  let t: TestDb;
  let r: TestRedis;
  let keys: Awaited<ReturnType<typeof tempSigningKey>>;
  let api: Express;
  let auth: string;

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    keys = await tempSigningKey();
    const verifyToken = createTokenVerifier({
      keys: createLocalJWKSet({ keys: [keys.signingKey.publicJwk] }),
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
    });
    api = createApp({ db: t.db, redis: r.redis, logger: silentLogger, verifyToken, resources: [testResources()] });
    const token = await new SignJWT({ iid: 1, scope: 'read write' })
      .setProtectedHeader({ alg: 'ES256', kid: keys.signingKey.kid })
      .setIssuer(TEST_ISSUER)
      .setAudience(TEST_AUDIENCE)
      .setSubject('1')
      .setExpirationTime('5m')
      .sign(keys.signingKey.privateKey);
    auth = `Bearer ${token}`;
  });
  afterAll(async () => {
    await r.cleanup();
    await t.drop();
    await keys.cleanup();
  });

  it('answers an unknown /api/v1 route with a 404 ErrorEnvelope and the version header', async () => {
    const res = await request(api).get('/api/v1/no-such-thing').set('Authorization', auth);
    expect(res.status).toBe(404);
    expect(res.headers['x-service-api-version']).toBe('v1');
    expect(res.body).toEqual({ code: 'not_found', message: expect.any(String), traceId: res.headers['x-trace-id'] });
  });

  it('asks for a token before revealing whether a route exists', async () => {
    expect((await request(api).get('/api/v1/no-such-thing')).status).toBe(401);
  });

  it('sends 415 problem+json for a body in an unreadable content type', async () => {
    const res = await request(api)
      .patch('/api/v1/things/1')
      .set('Authorization', auth)
      .set('Content-Type', 'application/xml')
      .send('<name/>');
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['x-service-api-version']).toBe('v1');
    expect(res.body).toMatchObject({ status: 415, title: 'Unsupported Media Type', traceId: expect.any(String) });
  });

  it.each([
    ['malformed JSON', '{"name":', 'application/json', { $: ['The request body is not valid JSON.'] }],
    ['a missing body', undefined, undefined, { $: ['A non-empty request body is required.'] }],
    ['a field of the wrong type', '{"name": 3}', 'text/json', { '$.name': [expect.any(String)] }],
  ])('sends ValidationProblemDetails for %s', async (_name, body, type, errors) => {
    let req = request(api).patch('/api/v1/things/1').set('Authorization', auth);
    if (type) req = req.set('Content-Type', type);
    const res = await (body === undefined ? req : req.send(body));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      errors,
      traceId: res.headers['x-trace-id'],
    });
  });

  it.each(['01', '2147483648', 'abc', '1.5'])('refuses path id %s as a binding problem', async (id) => {
    const res = await request(api).patch(`/api/v1/things/${id}`).set('Authorization', auth).send({ name: 'x' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['id']);
  });

  it('accepts the largest and a negative 32-bit id', async () => {
    for (const id of ['2147483647', '-3']) {
      const res = await request(api).patch(`/api/v1/things/${id}`).set('Authorization', auth).send({ name: 'x' });
      expect(res.body.id).toBe(Number(id));
    }
  });

  it('hides an unexpected failure behind a 500 with the trace id', async () => {
    const res = await request(api).get('/api/v1/boom').set('Authorization', auth);
    expect(res.status).toBe(500);
    expect(res.headers['x-service-api-version']).toBe('v1');
    expect(res.body).toEqual({
      code: 'internal_error',
      message: expect.any(String),
      traceId: res.headers['x-trace-id'],
    });
    expect(res.text).not.toMatch(/hunter2|app_passwords|at /);
  });

  it('gives every request its own trace id', async () => {
    const a = await request(api).get('/api/v1/whoami').set('Authorization', auth);
    const b = await request(api).get('/api/v1/whoami').set('Authorization', auth);
    expect(a.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(a.headers['x-trace-id']).not.toBe(b.headers['x-trace-id']);
  });
});
