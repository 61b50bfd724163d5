import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';

describe('business-api machine description', () => {
  let h: BusinessApiHarness;
  beforeAll(async () => {
    h = await startBusinessApi();
  });
  afterAll(() => h.close());

  it('serves OpenAPI 3.1.1 without a token, with the version header', async () => {
    const res = await request(h.app).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['x-service-api-version']).toBe('v1');
    expect(res.body).toMatchObject({ openapi: '3.1.1', info: { version: 'v1' }, servers: [{ url: '/api/v1' }] });
  });

  it('passes a standard OpenAPI validator', async () => {
    const result = await new Validator().validate(h.document as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('documents bearer auth and the shared error bodies on every operation', () => {
    const operations = Object.values(h.document.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations)
      expect(Object.keys(op.responses ?? {})).toEqual(expect.arrayContaining(['400', '401', '403', '500']));
  });

  it('serves a browsable reference whose assets come from this server, not a CDN', async () => {
    const page = await request(h.app).get('/api/v1/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const res = await request(h.app).get(`/api/v1/${asset}`);
      expect(res.status).toBe(200);
    }
  });

  it('redirects /docs/ to /docs so the relative asset links resolve', async () => {
    const res = await request(h.app).get('/api/v1/docs/');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('../docs');
  });
});
