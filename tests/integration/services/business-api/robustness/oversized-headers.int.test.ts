import { clientErrorEnvelope } from '../../../../../services/business-api/http/client-error-envelope';
import { listen, type RunningServer } from '../../../../../shared/http/listen';
import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { insertTenant } from '../../../../support/identity';
import { createResponseValidator } from '../../../../support/openapi-conformance';
import { socketGet } from '../../../../support/socket-get';

// Issue 10, finding 6: a 60 KB bearer token is refused by Node before the app runs; the answer is still an ErrorEnvelope.
describe('headers over Node’s limit', () => {
  let h: BusinessApiHarness;
  let server: RunningServer;
  let token: string;

  beforeAll(async () => {
    h = await startBusinessApi();
    token = await h.token(await insertTenant(h.t.db, 'headers'));
    server = await listen(h.app, '127.0.0.1', 0, clientErrorEnvelope);
  });
  afterAll(async () => {
    await server.close();
    await h.close();
  });

  it('answers a 60 KB bearer token with 431 in the API’s error format, as the OpenAPI document says', async () => {
    const res = await socketGet(`${server.url}/api/v1/customers`, { Authorization: `Bearer ${'a'.repeat(60_000)}` });
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-service-api-version']).toBe('v1');
    const body = JSON.parse(res.body) as { traceId: string };
    expect(body).toEqual({
      code: 'request_header_fields_too_large',
      message: expect.any(String),
      traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(res.headers['x-trace-id']).toBe(body.traceId);
    expect(
      createResponseValidator(h.document)('get', '/api/v1/customers', 431, res.headers['content-type'] as string, body),
    ).toEqual([]);
  });

  it('still serves ordinary requests on the same server', async () => {
    const res = await socketGet(`${server.url}/api/v1/customers`, { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
  });
});
