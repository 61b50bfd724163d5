import { createHash } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { createAppPassword } from '../../services/identity/app-passwords/create-app-password';
import { bodyMatrix, rawServer, type EncodedBody, type RawAnswer } from '../support/body-encodings';
import { identityApp, insertTenant, tempSigningKey, TEST_MCP_RESOURCE } from '../support/identity';
import { createTestDb, type TestDb } from '../support/test-db';
import { createTestRedis, type TestRedis } from '../support/test-redis';

// Proves: the consent form (POST /oauth/authorize) answers every body a client may send, never with a 5xx and
// never with a code unless the form is whole and right: the form the page rendered gives a code; the same fields
// in any other content type, none, an empty or unreadable body are 400 with the error page (decisions: "A POST
// whose body is no form names no client"); a form over 16 KB is a 400 invalid_request; and a NUL in any field of
// the form (the fields are read from the rendered page) is refused: an error page, the page again, or an error
// sent back to the client's redirect URI, and no code is issued.

const REDIRECT = 'http://127.0.0.1:9/cb';
const NUL = 'a\u0000b';

describe('the consent form with every body', () => {
  let t: TestDb;
  let r: TestRedis;
  let keys: Awaited<ReturnType<typeof tempSigningKey>>;
  let app: Express;
  let server: Awaited<ReturnType<typeof rawServer>>;
  /** The cookie the page set, and every field of its form filled in as a person allowing access would. */
  let cookie: string;
  let form: Record<string, string>;

  beforeAll(async () => {
    [t, r, keys] = [await createTestDb(), createTestRedis(), await tempSigningKey()];
    app = identityApp({ db: t.db, redis: r.redis, signingKey: keys.signingKey });
    server = await rawServer(app);
    const registered = await request(app)
      .post('/oauth/register')
      .send({ client_name: 'Fuzzed tool', redirect_uris: [REDIRECT] });
    await insertTenant(t.db, 'consent-bodies');
    const password = await createAppPassword(t.db, {
      tenantCode: 'consent-bodies',
      email: 'owner@shop.test',
      name: 'tool',
      access: 'read-write',
      permissions: [],
    });
    const challenge = createHash('sha256').update('v'.repeat(50)).digest('base64url');
    const query = {
      response_type: 'code',
      client_id: registered.body.client_id,
      redirect_uri: REDIRECT,
      state: 's1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: TEST_MCP_RESOURCE,
      scope: 'read write',
    };
    const page = await request(app).get('/oauth/authorize').query(query);
    expect(page.status).toBe(200);
    cookie = (page.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] ?? '';
    // Every named control of the page's form: hidden fields keep their value, the person fills in the others.
    const filled: Record<string, string> = {
      app_password_client_id: password.password.clientId,
      app_password_secret: password.clientSecret,
      decision: 'allow',
    };
    form = Object.fromEntries(
      [...page.text.matchAll(/<(?:input|button)[^>]*\bname="([^"]+)"(?:[^>]*\bvalue="([^"]*)")?/g)].map(
        ([, name, value]) => [name ?? '', filled[name ?? ''] ?? value ?? ''],
      ),
    );
  });
  afterAll(async () => {
    await server.close();
    await r.cleanup();
    await t.drop();
    await keys.cleanup();
  });

  const post = (body: EncodedBody) => server.send('POST', '/oauth/authorize', { Cookie: cookie }, body);
  const formBody = (fields: Record<string, string>): EncodedBody => ({
    type: 'a form',
    body: 'fields',
    contentType: 'application/x-www-form-urlencoded',
    bytes: Buffer.from(new URLSearchParams(fields).toString()),
  });
  /** Where a redirect goes, and the `code` or `error` it carries. */
  const redirect = (res: RawAnswer) => {
    const location = res.headers.get('location');
    const url = location === null ? undefined : new URL(location);
    return {
      to: url && `${url.origin}${url.pathname}`,
      code: url?.searchParams.get('code') ?? null,
      error: url?.searchParams.get('error') ?? null,
    };
  };

  it('reads the form the page rendered, with every field it names', async () => {
    expect(Object.keys(form).sort()).toEqual([
      'app_password_client_id',
      'app_password_secret',
      'client_id',
      'code_challenge',
      'code_challenge_method',
      'consent_token',
      'decision',
      'redirect_uri',
      'resource',
      'response_type',
      'scope',
      'state',
    ]);
    const res = await post(formBody(form));
    expect([res.status, redirect(res).to, redirect(res).code]).toEqual([303, REDIRECT, expect.stringMatching(/.+/)]);
  });

  it('answers the fields in every other content type, and every unreadable body, with 400 and the error page', async () => {
    const cases = bodyMatrix(form).filter((b) => !(b.type === 'a form' && b.body === 'fields'));
    expect(cases.length).toBe(9 * 5 - 1);
    const answers = await Promise.all(cases.map(post));
    const wrong = cases
      .map((b, i) => [b, answers[i] as RawAnswer] as const)
      .filter(([, res]) => res.status !== 400 || !res.text.includes('Sign-in refused'));
    expect(wrong.map(([b, res]) => `${b.type} ${b.body} -> ${res.status} ${res.text.slice(0, 120)}`)).toEqual([]);
  });

  it('answers a form over 16 KB with 400 invalid_request', async () => {
    const res = await post(formBody({ ...form, state: 'x'.repeat(20_000) }));
    expect([res.status, (res.json as { error?: string } | undefined)?.error]).toEqual([400, 'invalid_request']);
  });

  it('refuses a NUL in any field of the form, never with a 5xx or a code', async () => {
    const answers = await Promise.all(
      Object.keys(form).map(async (name) => [name, await post(formBody({ ...form, [name]: NUL }))] as const),
    );
    const wrong = answers.filter(([, res]) => {
      const { to, code, error } = redirect(res);
      const page = [400, 401, 403].includes(res.status) && res.headers.get('content-type')?.startsWith('text/html');
      return !(page || (res.status === 303 && to === REDIRECT && code === null && error !== null));
    });
    expect(
      wrong.map(([name, res]) => `${name} -> ${res.status} ${res.headers.get('location') ?? res.text.slice(0, 120)}`),
    ).toEqual([]);
  });
  // Found with the form's NUL cases: the same lookups behind the page, the token endpoint and registration were 500s.
  it.each([
    [
      'the page',
      () =>
        request(app)
          .get('/oauth/authorize')
          .query({ ...form, client_id: NUL }),
      400,
    ],
    [
      'the token endpoint',
      () =>
        request(app)
          .post('/oauth/token')
          .type('form')
          .send({ grant_type: 'client_credentials', client_id: NUL, client_secret: 'x' }),
      401,
    ],
    [
      'registration',
      () =>
        request(app)
          .post('/oauth/register')
          .send({ client_name: NUL, redirect_uris: [REDIRECT] }),
      400,
    ],
  ])('answers a NUL in a client id or name on %s with a 4xx', async (_where, send, status) => {
    expect((await send()).status).toBe(status);
  });
});
