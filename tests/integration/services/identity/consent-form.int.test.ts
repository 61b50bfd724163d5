import request from 'supertest';
import { createHash } from 'node:crypto';
import type { Express } from 'express';
import { createAppPassword } from '../../../../services/identity/app-passwords/create-app-password';
import { identityApp, insertTenant, tempSigningKey, TEST_ISSUER } from '../../../support/identity';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

// The consent form's POST: bound to the page this browser was shown (a SameSite=Strict cookie and the same token
// in the form, a foreign Origin refused), and a clear 400, never a 500, for a body that is no form at all.

const REDIRECT = 'http://127.0.0.1:9/cb';
const s256 = (v: string) => createHash('sha256').update(v).digest('base64url');

describe('the consent form (POST /oauth/authorize)', () => {
  let t: TestDb;
  let r: TestRedis;
  let keys: Awaited<ReturnType<typeof tempSigningKey>>;
  let app: Express;
  let query: Record<string, string>;
  let who: { app_password_client_id: string; app_password_secret: string };

  beforeAll(async () => {
    [t, r, keys] = [await createTestDb(), createTestRedis(), await tempSigningKey()];
    app = identityApp({ db: t.db, redis: r.redis, signingKey: keys.signingKey });
    const registered = await request(app)
      .post('/oauth/register')
      .send({ client_name: 'Shop tool', redirect_uris: [REDIRECT] });
    query = {
      response_type: 'code',
      client_id: registered.body.client_id,
      redirect_uri: REDIRECT,
      state: 's1',
      code_challenge: s256('v'.repeat(50)),
      code_challenge_method: 'S256',
    };
    await insertTenant(t.db, 'consent-shop');
    const password = await createAppPassword(t.db, {
      tenantCode: 'consent-shop',
      email: 'owner@shop.test',
      name: 'tool',
      access: 'read-write',
      permissions: [],
    });
    who = { app_password_client_id: password.password.clientId, app_password_secret: password.clientSecret };
  });
  afterAll(async () => {
    await r.cleanup();
    await t.drop();
    await keys.cleanup();
  });

  /** The consent page as a browser gets it: its cookie and the form's hidden fields. */
  async function shownPage() {
    const page = await request(app).get('/oauth/authorize').query(query);
    expect(page.status).toBe(200);
    const cookie = (page.headers['set-cookie'] as unknown as string[])[0]!;
    const fields = Object.fromEntries(
      [...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, n, v]) => [n!, v!]),
    );
    return { cookie, pair: cookie.split(';')[0]!, fields };
  }

  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    request(app)
      .post('/oauth/authorize')
      .set(headers)
      .type('form')
      .send({ ...fields, ...who, decision: 'allow' });

  it('sets an HttpOnly, SameSite=Strict cookie scoped to the endpoint, with the same token in the form', async () => {
    const { cookie, pair, fields } = await shownPage();
    expect(cookie).toMatch(
      /^aisle_consent=[\w-]{43}; Max-Age=900; Path=\/oauth\/authorize; Expires=.*; HttpOnly; Secure; SameSite=Strict$/,
    );
    expect(fields.consent_token).toBe(pair.split('=')[1]);
  });

  it("gives a code for a decision posted with the page's cookie and token (Origin the issuer's, null or absent)", async () => {
    for (const origin of [undefined, 'null', TEST_ISSUER]) {
      const { pair, fields } = await shownPage();
      const res = await post(fields, { Cookie: pair, ...(origin && { Origin: origin }) });
      expect(res.status).toBe(303);
      expect(new URL(res.headers.location!).searchParams.get('code')).toMatch(/.+/);
    }
  });

  it("refuses a decision without the cookie, with another page's token, or from another site: the page again, no code", async () => {
    const first = await shownPage();
    const second = await shownPage();
    const attempts: { headers: Record<string, string>; fields: Record<string, string> }[] = [
      { headers: {}, fields: first.fields },
      { headers: { Cookie: second.pair }, fields: first.fields },
      { headers: { Cookie: first.pair }, fields: { ...first.fields, consent_token: '' } },
      { headers: { Cookie: first.pair, Origin: 'https://evil.example' }, fields: first.fields },
    ];
    for (const { headers, fields } of attempts) {
      const res = await post(fields, headers);
      expect([res.status, res.headers.location]).toEqual([403, undefined]);
      expect(res.text).toMatch(/not accepted|had expired/);
      // A fresh page, so the person can choose again from it.
      expect(res.headers['set-cookie']?.[0]).toMatch(/^aisle_consent=/);
    }
    expect(await t.db('oauth_clients').count({ n: '*' }).first()).toEqual({ n: '1' });
  });

  it('answers 400 for a body that is no form: none, JSON or text', async () => {
    const none = await request(app).post('/oauth/authorize');
    const json = await request(app).post('/oauth/authorize').send({ client_id: query.client_id });
    const text = await request(app).post('/oauth/authorize').type('text/plain').send('client_id=x');
    for (const res of [none, json, text]) {
      expect(res.status).toBe(400);
      expect(res.type).toBe('text/html');
      expect(res.text).toContain('Sign-in refused');
    }
  });
});
