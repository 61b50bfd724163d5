import request, { type Response } from 'supertest';
import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_TIMEOUT_MS, seedSmallTenant } from '../../../../support/business-data';

// Spec: "Errors" (each row's status, code, body and content type), rule 14, and "Versioning".
const ENVELOPE_KEYS = ['code', 'message', 'traceId'];
const PROBLEM_TYPE = /^application\/problem\+json/;
const JSON_TYPE = /^application\/json/;

describe('spec conformance: errors and versioning', () => {
  let h: BusinessApiHarness;
  let tenant: number;
  let token: string;

  beforeAll(async () => {
    h = await startBusinessApi();
    tenant = await seedSmallTenant(h.t.db, 'conf-err', 41);
    token = await h.token(tenant);
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const api = (method: 'get' | 'post' | 'patch' | 'delete', path: string) =>
    request(h.app)[method](`/api/v1${path}`).set('Authorization', `Bearer ${token}`);
  const expectVersion = (res: Response) => expect(res.headers['x-service-api-version']).toBe('v1');
  const expectEnvelope = (res: Response, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(JSON_TYPE);
    expect(Object.keys(res.body).sort()).toEqual(ENVELOPE_KEYS);
    expect(res.body).toEqual({ code, message: expect.any(String), traceId: expect.any(String) });
    expectVersion(res);
  };
  const expectValidationProblem = (res: Response, key?: string) => {
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(PROBLEM_TYPE);
    expect(res.body).toMatchObject({
      status: 400,
      title: expect.any(String),
      type: expect.any(String),
      errors: expect.any(Object),
    });
    if (key) expect(Object.keys(res.body.errors as object)).toContain(key);
    expect(res.body.code).toBeUndefined();
    expectVersion(res);
  };

  describe('Versioning', () => {
    it('serves OpenAPI 3.1.1 with API version v1, with the version header', async () => {
      const res = await request(h.app).get('/api/v1/openapi.json');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(JSON_TYPE);
      expect(res.body).toMatchObject({ openapi: '3.1.1', info: { version: 'v1' } });
      expectVersion(res);
    });

    it.each([
      ['the reference page', '/api/v1/docs'],
      ['a reference asset', '/api/v1/docs/assets/swagger-ui.css'],
    ])('puts the version header on %s', async (_name, path) => {
      const res = await request(h.app).get(path);
      expect(res.status).toBe(200);
      expectVersion(res);
    });

    it.each([
      ['200', () => api('get', '/customers'), 200],
      ['401', () => request(h.app).get('/api/v1/customers'), 401],
      [
        '403',
        async () =>
          request(h.app)
            .post('/api/v1/sales-orders')
            .set('Authorization', `Bearer ${await h.token(tenant, { access: 'read-only' })}`)
            .send({}),
        403,
      ],
      ['404', () => api('get', '/no-such-endpoint'), 404],
      ['415', () => api('post', '/sales-orders').set('Content-Type', 'text/plain').send('x'), 415],
      ['400 problem', () => api('get', '/customers/abc'), 400],
    ])('puts the version header on a %s answer', async (_name, send, status) => {
      const res = await send();
      expect(res.status).toBe(status);
      expectVersion(res);
    });

    it('puts the version header on every response path of the OpenAPI document (GET, read-only key)', async () => {
      const readOnly = await h.token(tenant, { access: 'read-only', permissions: ['payment_manage'] });
      const paths = Object.entries(h.document.paths)
        .filter(([, ops]) => 'get' in ops)
        .map(([p]) => p.replace(/\{[^}]+\}/g, '1'));
      for (const path of paths) {
        const res = await request(h.app)
          .get(`/api/v1${path}`)
          .query({ productId: 1, q: 'a' })
          .set('Authorization', `Bearer ${readOnly}`);
        expect([path, res.status < 500 && res.status !== 403]).toEqual([path, true]);
        expectVersion(res);
      }
    });
  });

  describe('Errors table', () => {
    it('404 not_found ErrorEnvelope for an unknown route', async () => {
      expectEnvelope(await api('get', '/no-such-endpoint'), 404, 'not_found');
      expectEnvelope(await api('delete', '/customers/1'), 404, 'not_found');
    });

    it('404 not_found for a resource not in the tenant', async () => {
      expectEnvelope(await api('get', '/customers/2147483647'), 404, 'not_found');
    });

    it.each([
      ['text/plain', 'customerId=1'],
      ['application/xml', '<a/>'],
      ['application/x-www-form-urlencoded', 'customerId=1'],
    ])('415 ProblemDetails as problem+json for a %s body (rule 14)', async (type, body) => {
      const res = await api('post', '/sales-orders').set('Content-Type', type).send(body);
      expect(res.status).toBe(415);
      expect(res.headers['content-type']).toMatch(PROBLEM_TYPE);
      expect(res.body).toMatchObject({ status: 415, title: expect.any(String) });
      expectVersion(res);
    });

    it('415 on PATCH company profile in an unreadable content type', async () => {
      const res = await api('patch', '/tenant-settings/company-profile')
        .set('Content-Type', 'text/plain')
        .send('{"city":"X"}');
      expect(res.status).toBe(415);
      expect(res.headers['content-type']).toMatch(PROBLEM_TYPE);
    });

    it.each([
      'application/json',
      'application/json; charset=utf-8',
      'text/json',
      'application/merge-patch+json',
      'application/vnd.api+json',
    ])('accepts a write body as %s', async (type) => {
      const res = await api('post', '/sales-invoice-lines')
        .set('Content-Type', type)
        .send(JSON.stringify({ pageSize: 2 }));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(JSON_TYPE);
      expect(res.body.pageSizeApplied).toBe(2);
    });

    it('400 ValidationProblemDetails for malformed JSON', async () => {
      expectValidationProblem(
        await api('post', '/sales-invoice-lines').set('Content-Type', 'application/json').send('{"pageSize": 2,'),
      );
    });

    it('400 ValidationProblemDetails for a missing body', async () => {
      expectValidationProblem(await api('post', '/sales-invoice-lines'));
      expectValidationProblem(await api('post', '/sales-orders').set('Content-Type', 'application/json'));
    });

    it.each([
      ['a query parameter', '/customers?pageSize=abc', 'pageSize'],
      ['a path parameter', '/customers/abc', 'customerId'],
      ['a boolean', '/open-order-lines?includeFullyDelivered=maybe', 'includeFullyDelivered'],
      ['a date-time', '/sales-orders?orderDateFrom=yesterday', 'orderDateFrom'],
      ['a number', '/sales-invoices?totalMin=ten', 'totalMin'],
    ])('400 ValidationProblemDetails for %s of the wrong type', async (_name, path, key) => {
      expectValidationProblem(await api('get', path), key);
    });

    it('400 ValidationProblemDetails for a body field of the wrong type', async () => {
      expectValidationProblem(await api('post', '/sales-invoice-lines').send({ customerId: 'one' }));
    });

    it('400 (not 500) for a path that is not valid percent-encoding', async () => {
      const res = await api('get', '/customers/%E0%A4%A');
      expect(res.status).toBe(400);
      expectVersion(res);
    });

    it('500 hides the cause: ErrorEnvelope with a traceId, no stack or SQL', async () => {
      await h.t.db.schema.renameTable('time_report_lines', 'time_report_lines_gone');
      try {
        const res = await api('get', '/time-report-lines');
        expectEnvelope(res, 500, res.body.code as string);
        expect(res.body.traceId).toBe(res.headers['x-trace-id']);
        const text = JSON.stringify(res.body);
        expect(text).not.toMatch(/time_report_lines|select|relation|at \w+ \(|\.ts:/i);
      } finally {
        await h.t.db.schema.renameTable('time_report_lines_gone', 'time_report_lines');
      }
    });
  });
});
