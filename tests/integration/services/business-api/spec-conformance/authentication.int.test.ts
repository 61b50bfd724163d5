import { SignJWT } from 'jose';
import request, { type Response } from 'supertest';
import { formatScope } from '../../../../../shared/auth/scopes';
import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_TIMEOUT_MS, seedSmallTenant } from '../../../../support/business-data';
import { TEST_AUDIENCE, TEST_ISSUER, tempSigningKey } from '../../../../support/identity';

// Spec: "Authentication" 1-8, and the 401/403 rows of the Errors table.
const WRITE_METHODS = ['post', 'patch', 'delete'] as const;

describe('spec conformance: authentication', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let foreignKey: Awaited<ReturnType<typeof tempSigningKey>>;

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantA = await seedSmallTenant(h.t.db, 'conf-auth-a', 51);
    tenantB = await seedSmallTenant(h.t.db, 'conf-auth-b', 52);
    foreignKey = await tempSigningKey();
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await foreignKey.cleanup();
    await h.close();
  });

  /** A well-formed token signed with a key the server does not trust. */
  const foreignToken = (claims: Record<string, unknown> = { iid: tenantA, scope: formatScope('read-write', []) }) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: foreignKey.signingKey.kid })
      .setIssuer(TEST_ISSUER)
      .setAudience(TEST_AUDIENCE)
      .setSubject('1')
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(foreignKey.signingKey.privateKey);
  };

  describe('7. every token rejection is 401 unauthorized with one fixed message', () => {
    const valid = async () => h.token(tenantA);
    const past = () => Math.floor(Date.now() / 1000) - 3600;
    const cases: Array<[string, () => Promise<string | undefined>]> = [
      ['no Authorization header', async () => undefined],
      ['an empty bearer', async () => 'Bearer '],
      ['a malformed token', async () => 'Bearer not.a.jwt'],
      ['another scheme', async () => `Basic ${Buffer.from('a:b').toString('base64')}`],
      ['a bad signature', async () => `Bearer ${await foreignToken()}`],
      [
        'a tampered payload',
        async () => {
          const [head, , sig] = (await valid()).split('.');
          return `Bearer ${head}.${Buffer.from(JSON.stringify({ iid: tenantB, scope: 'read write' })).toString('base64url')}.${sig}`;
        },
      ],
      ['an expired token', async () => `Bearer ${await h.token(tenantA, { expiresAt: past() })}`],
      ['a token of another issuer', async () => `Bearer ${await h.token(tenantA, { issuer: 'https://evil.test' })}`],
      ['a token for another audience', async () => `Bearer ${await h.token(tenantA, { audience: 'someone-else' })}`],
    ];
    const bodies: Array<Record<string, unknown>> = [];
    it.each(cases)('401 for %s', async (_name, header) => {
      const value = await header();
      const req = request(h.app).get('/api/v1/customers');
      const res: Response = await (value === undefined ? req : req.set('Authorization', value));
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-service-api-version']).toBe('v1');
      expect(res.body).toEqual({ code: 'unauthorized', message: expect.any(String), traceId: expect.any(String) });
      bodies.push({ ...res.body, traceId: undefined });
    });

    it('gives every rejection the same body apart from traceId', () => {
      expect(bodies.length).toBe(cases.length);
      for (const body of bodies) expect(body).toEqual(bodies[0]);
    });
  });

  describe('6. read-only keys', () => {
    const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');
    const writeRoutes = () =>
      Object.entries(h.document.paths).flatMap(([path, ops]) =>
        WRITE_METHODS.filter((m) => m in ops).map((m) => [m, path] as const),
      );

    it('refuses every write in the OpenAPI document with 403 forbidden, except POST /sales-invoice-lines', async () => {
      const readOnly = await h.token(tenantA, { access: 'read-only' });
      const routes = writeRoutes();
      expect(routes.length).toBeGreaterThanOrEqual(8);
      for (const [method, path] of routes) {
        const res = await request(h.app)
          [method](`/api/v1${concrete(path)}`)
          .set('Authorization', `Bearer ${readOnly}`)
          .send({});
        const expected = path === '/sales-invoice-lines' ? 200 : 403;
        expect([method, path, res.status]).toEqual([method, path, expected]);
        if (expected === 403)
          expect(res.body).toEqual({ code: 'forbidden', message: expect.any(String), traceId: expect.any(String) });
      }
    });

    it('allows every GET for a read-only key', async () => {
      const readOnly = await h.token(tenantA, { access: 'read-only', permissions: ['payment_manage'] });
      const gets = Object.entries(h.document.paths)
        .filter(([, ops]) => 'get' in ops)
        .map(([p]) => concrete(p));
      for (const path of gets) {
        const res = await request(h.app)
          .get(`/api/v1${path}`)
          .query({ productId: 1, q: 'a' })
          .set('Authorization', `Bearer ${readOnly}`);
        expect([path, res.status === 403]).toEqual([path, false]);
      }
    });

    it('lets a read-only key search invoice lines', async () => {
      const res = await h.call('post', '/sales-invoice-lines', {
        token: await h.token(tenantA, { access: 'read-only', permissions: [] }),
        body: {},
      });
      expect(res.status).toBe(200);
    });
  });

  describe('8. permissions', () => {
    it('payment needs payment_manage, for a read-write token and for a read-only key alike', async () => {
      const order = (await h.t
        .db('orders as o')
        .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
        .where({ 'o.tenant_id': tenantA, 's.type': 'SALESORDER' })
        .first('o.id')) as { id: number };
      const without = await h.call('get', `/sales-orders/${order.id}/payment`, {
        token: await h.token(tenantA, { permissions: ['price', 'quantity', 'onboarding_company'] }),
      });
      expect(without.status).toBe(403);
      expect(without.body).toEqual({ code: 'forbidden', message: expect.any(String), traceId: expect.any(String) });
      const readOnly = await h.call('get', `/sales-orders/${order.id}/payment`, {
        token: await h.token(tenantA, { access: 'read-only', permissions: ['payment_manage'] }),
      });
      expect(readOnly.status).toBe(200);
    });

    it('company profile PATCH without onboarding_company is 403 with an ErrorMessageBody', async () => {
      const res = await h.call('patch', '/tenant-settings/company-profile', {
        token: await h.token(tenantA, { permissions: ['price'] }),
        body: { city: 'Malmö' },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: expect.any(String) });
    });
  });

  describe('2. the tenant comes from iid', () => {
    it("a token of tenant B never reads tenant A's customer", async () => {
      await h.t
        .db('customers')
        .insert({ tenant_id: tenantA, id: 777_001, contact_number: 777_001, name: 'Only in A', orgno: '000000-0001' });
      expect((await h.call('get', '/customers/777001', { token: await h.token(tenantA) })).status).toBe(200);
      const other = await h.call('get', '/customers/777001', { token: await h.token(tenantB) });
      expect(other.status).toBe(404);
      expect(other.body.code).toBe('not_found');
    });
  });
});
