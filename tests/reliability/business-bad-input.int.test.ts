import fc from 'fast-check';
import request from 'supertest';
import { clientErrorEnvelope } from '../../services/business-api/http/client-error-envelope';
import { listen, type RunningServer } from '../../shared/http/listen';
import { startBusinessApi, type BusinessApiHarness } from '../support/business-api';
import { SEED_TIMEOUT_MS, seedSmallTenant } from '../support/business-data';
import { bodyText, hostileBody, hostileHeaders, hostileId, hostileQuery } from '../support/hostile-input';
import { createResponseValidator } from '../support/openapi-conformance';
import { fieldNames, requestSchema, type SchemaDocument, type SchemaOperation } from '../support/openapi-schemas';
import { documentedOperations, routedOperations } from '../support/route-inventory';

// Proves: whatever a client sends to any business-api route (hostile path ids, query strings, headers and JSON
// bodies), the answer is never a server fault, and every refusal is in the format the OpenAPI document gives that
// route and status (ErrorEnvelope `{code, message, traceId}`, or problem+json for binding failures and 415, per
// spec "Errors"). The routes come from the document, which is checked against the express router.

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
// Request headers the API reads: the token, the body's type and encoding, and what a proxy or browser adds.
const HEADERS = [
  'Authorization',
  'Content-Type',
  'Content-Encoding',
  'Accept',
  'Accept-Language',
  'If-None-Match',
  'X-Forwarded-For',
  'Origin',
  'Cookie',
];

describe('hostile input on every business-api route', () => {
  let h: BusinessApiHarness;
  let token: string;
  let conforms: ReturnType<typeof createResponseValidator>;
  // Served as main.ts serves it, so what Node refuses before the app (a request line over 16 KB) gets the envelope.
  let served: RunningServer;

  beforeAll(async () => {
    h = await startBusinessApi();
    served = await listen(h.app, '127.0.0.1', 0, clientErrorEnvelope);
    token = await h.token(await seedSmallTenant(h.t.db, 'hostile', 7));
    conforms = createResponseValidator(h.document);
  }, SEED_TIMEOUT_MS);
  afterAll(async () => {
    await served.close();
    await h.close();
  });

  const operations = () =>
    documentedOperations<SchemaOperation>(h.document as SchemaDocument).map((o) => ({
      ...o,
      method: o.method as Method,
    }));

  /** Sends the request; a 5xx or an answer outside the document fails the property with both in the message. */
  async function expectConforming(
    method: Method,
    path: string,
    body: string | undefined,
    headers: [string, string][] = [],
  ): Promise<void> {
    let req = request(served.url)[method](`/api/v1${path}`).set('Authorization', `Bearer ${token}`);
    if (body !== undefined) req = req.set('Content-Type', 'application/json');
    for (const [name, value] of headers) req = req.set(name, value);
    if (body !== undefined) req = req.send(body);
    const res = await req;
    const what = `${method.toUpperCase()} ${path.slice(0, 300)} ${JSON.stringify(headers).slice(0, 300)} ${body === undefined ? '' : body.slice(0, 300)} -> ${res.status} ${res.text.slice(0, 300)}`;
    if (res.status >= 500) throw new Error(`server fault: ${what}`);
    const problems = conforms(method, path, res.status, res.headers['content-type'], res.body);
    if (problems.length) throw new Error(`not in the documented format (${problems.join('; ')}): ${what}`);
  }

  it('serves exactly the operations the OpenAPI document describes (besides the document and its reference page)', () => {
    const publicRoutes = new Set(['get /api/v1/openapi.json', 'get /api/v1/docs', 'get /api/v1/docs/assets/init.js']);
    const routed = routedOperations(h.app).filter(
      (key) => key.split(' ')[1]?.startsWith('/api/v1/') && !publicRoutes.has(key),
    );
    expect(routed).toEqual(
      documentedOperations(h.document, '/api/v1')
        .map((o) => o.key)
        .sort(),
    );
    expect(routed.length).toBeGreaterThanOrEqual(27);
  });

  it('documents the 304 express gives a conditional GET (found by fuzzing the headers)', async () => {
    const first = await request(h.app).get('/api/v1/customers').set('Authorization', `Bearer ${token}`);
    for (const tag of ['*', first.headers.etag as string]) {
      const res = await request(h.app)
        .get('/api/v1/customers')
        .set({ Authorization: `Bearer ${token}`, 'If-None-Match': tag });
      expect([res.status, res.text]).toEqual([304, '']);
      expect(conforms('get', '/api/v1/customers', res.status, res.headers['content-type'], res.body)).toEqual([]);
    }
  });

  it.each([
    ['a gzip body that is not gzip', { 'Content-Encoding': 'gzip' }, '{}', 400],
    ['a brotli body that is not brotli', { 'Content-Encoding': 'br' }, '{}', 400],
    ['a body over the 1 MB limit', {}, JSON.stringify({ from: '2025-01-01', pad: 'x'.repeat(1_100_000) }), 413],
  ])('answers %s in the documented format (cases fuzzing led to)', async (_name, headers, body, status) => {
    const res = await request(served.url)
      .post('/api/v1/sales-invoice-lines')
      .set({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers })
      .send(body);
    expect(res.status).toBe(status);
    expect(conforms('post', '/api/v1/sales-invoice-lines', res.status, res.headers['content-type'], res.body)).toEqual(
      [],
    );
  });

  it('answers a URL over 16 KB with the ErrorEnvelope, not a bare 431 (seed 1223836509 found it)', async () => {
    const path = `/customers?search=${'x'.repeat(17_000)}`;
    const res = await request(served.url).get(`/api/v1${path}`).set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(431);
    expect(res.body.code).toBe('request_header_fields_too_large');
    expect(conforms('get', '/api/v1/customers', res.status, res.headers['content-type'], res.body)).toEqual([]);
  });

  it('answers hostile query keys and values without a 5xx, in the documented format', async () => {
    for (const { method, template, op } of operations()) {
      const known = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const body = op.requestBody ? '{}' : undefined;
      const ids = fc.array(hostileId(), { minLength: 3, maxLength: 3 });
      await fc.assert(
        fc.asyncProperty(ids, hostileQuery(known), (id, query) => {
          let n = 0;
          const path = template.replace(/\{[^}]+\}/g, () => id[n++] ?? '1');
          return expectConforming(method, `${path}?${query}`, body);
        }),
        { numRuns: RUNS },
      );
    }
  }, 120_000);

  it('answers hostile headers (token, content type and encoding, conditionals, proxies) without a 5xx, in the documented format', async () => {
    for (const { method, template, op } of operations()) {
      const path = template.replace(/\{[^}]+\}/g, '1');
      const body = op.requestBody ? '{}' : undefined;
      await fc.assert(
        fc.asyncProperty(hostileHeaders(HEADERS), (headers) => expectConforming(method, path, body, headers)),
        { numRuns: Math.ceil(RUNS / 2) },
      );
    }
  }, 120_000);

  it('answers hostile JSON bodies (deep nesting, prototype keys, NUL, huge numbers) without a 5xx, in the documented format', async () => {
    const document = h.document as SchemaDocument;
    const writes = operations().filter(({ op }) => op.requestBody);
    expect(writes.length).toBeGreaterThan(0);
    for (const { method, template, op } of writes) {
      const path = template.replace(/\{[^}]+\}/g, '1');
      const known = fieldNames(document, requestSchema(op));
      await fc.assert(
        fc.asyncProperty(hostileBody(known), (body) => expectConforming(method, path, bodyText(body))),
        { numRuns: RUNS },
      );
    }
  }, 120_000);
});
