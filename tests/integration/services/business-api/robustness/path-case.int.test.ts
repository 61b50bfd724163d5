import fc from 'fast-check';
import request from 'supertest';
import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { insertTenant } from '../../../../support/identity';

// Paths ignore case, for every route (docs/decisions.md): a mixed-case path is the same endpoint, with the same
// access rules, as the lowercase one the spec writes.
type Method = 'get' | 'post' | 'patch' | 'delete';

describe('path case', () => {
  let h: BusinessApiHarness;
  let tokens: { readOnly: string; readWrite: string };

  beforeAll(async () => {
    h = await startBusinessApi();
    const tenantId = await insertTenant(h.t.db, 'case');
    tokens = {
      readOnly: await h.token(tenantId, { access: 'read-only', permissions: [] }),
      readWrite: await h.token(tenantId),
    };
  });
  afterAll(() => h.close());

  const statusOf = async (method: Method, path: string, token: string, withBody: boolean) => {
    const req = request(h.app)[method](`/api/v1${path}`).set('Authorization', `Bearer ${token}`);
    const res = await (withBody ? req.set('Content-Type', 'application/json').send('{}') : req);
    // A 404 from the router (no such endpoint) is told apart from a resource's 404 (no such id in the tenant).
    const unrouted = res.status === 404 && String(res.body.message).startsWith('No endpoint');
    return `${res.status}${unrouted ? ' (no endpoint)' : ''}`;
  };

  it('routes a mixed-case path of every operation as its lowercase path, for read-only and read-write tokens', async () => {
    const operations = Object.entries(h.document.paths).flatMap(([template, item]) =>
      Object.entries(item).map(([method, op]) => ({
        method: method as Method,
        path: template.replace(/\{[^}]+\}/g, '1'),
        withBody: op.requestBody !== undefined,
      })),
    );
    expect(operations.length).toBeGreaterThan(20);
    const flips = fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }).filter((f) => f.some(Boolean));
    for (const { method, path, withBody } of operations) {
      for (const token of [tokens.readOnly, tokens.readWrite]) {
        const expected = await statusOf(method, path, token, withBody);
        expect(expected).not.toMatch(/no endpoint/);
        await fc.assert(
          fc.asyncProperty(flips, async (flip) => {
            const mixed = [...path].map((ch, i) => (flip[i % flip.length] ? ch.toUpperCase() : ch)).join('');
            expect([method, mixed, await statusOf(method, mixed, token, withBody)]).toEqual([method, mixed, expected]);
          }),
          { numRuns: 3 },
        );
      }
    }
  });
});
