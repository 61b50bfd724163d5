import { Validator } from '@seriousme/openapi-schema-validator';
import type { RequestListener } from 'node:http';
import request from 'supertest';
import { buildStorefrontDocument } from '../../../../services/storefront-api/openapi/build-document';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { createTestEngine, type EmbeddedTestEngine } from '../../../support/storefront-fixture';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

describe('storefront documentation routes', () => {
  let t: TestDb;
  let r: TestRedis;
  let engine: EmbeddedTestEngine;
  let app: RequestListener;

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    engine = await createTestEngine(t.db);
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: engine.engine, windowSeconds: 60 }));
  });
  afterAll(async () => {
    await engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('serves the OpenAPI 3.1 document, generated from the zod schemas, without a key', async () => {
    const res = await request(app).get('/openapi/v1.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildStorefrontDocument())));
    expect(res.body).toMatchObject({ openapi: '3.1.1', info: { version: 'v1' } });
    expect(Object.keys(res.body.paths).sort()).toEqual(
      [
        '/v1/brands',
        '/v1/brands/{slugOrId}',
        '/v1/cart',
        '/v1/cart/lines',
        '/v1/cart/lines/{id}',
        '/v1/cart/market',
        '/v1/categories',
        '/v1/collections',
        '/v1/collections/{slugOrId}',
        '/v1/products',
        '/v1/products/by-sku/{sku}',
        '/v1/products/facets/{key}',
        '/v1/products/{slugOrId}',
        '/v1/products/{slugOrId}/variants',
        '/v1/search/suggest',
        '/v1/site',
        '/v1/sitemap',
      ].sort(),
    );
    expect(res.body.components.securitySchemes.siteKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Site-Key',
    });
  });

  it('passes a standard OpenAPI validator', async () => {
    const result = await new Validator().validate(buildStorefrontDocument() as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('documents every pipeline status with the spec codes on every route', () => {
    const document = buildStorefrontDocument();
    // The cart routes are not cached reads (no 304, no-store): cart.int.test.ts checks their answers against the document.
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      if (path.startsWith('/v1/cart')) continue;
      const responses = item.get?.responses ?? {};
      expect(Object.keys(responses).sort()).toEqual(['200', '304', '400', '401', '403', '404', '429', '500', '503']);
      expect(responses['401']?.description).toContain('SITE_KEY_MISSING');
      expect(responses['429']?.headers).toHaveProperty('Retry-After');
      expect(responses['200']?.headers).toEqual(
        expect.objectContaining({ ETag: expect.anything(), 'X-Config-Version': expect.anything() }),
      );
    }
  });

  it('serves a browsable reference whose assets come from this server, not a CDN', async () => {
    const page = await request(app).get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const res = await request(app).get(`/${asset}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(asset.endsWith('.css') ? /^text\/css/ : /javascript/);
    }
    expect((await request(app).get('/docs/assets/init.js')).text).toContain('"openapi/v1.json"');
    const slash = await request(app).get('/docs/');
    expect(slash.status).toBe(301);
    expect(slash.headers.location).toBe('../docs');
  });

  it('serves the onboarding guide as HTML with the CLI commands and the first call', async () => {
    const res = await request(app).get('/docs/onboarding');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const command of ['site save', 'market save', 'key create', 'publish', 'reindex', '--wait', 'sync-status'])
      expect(res.text).toContain(command);
    expect(res.text).toContain('curl -H &quot;X-Site-Key: $KEY&quot; http://127.0.0.1:3000/v1/products');
    expect(res.text).not.toMatch(/<script/);
  });

  it('keeps the docs outside the /v1 rate limit and key checks', async () => {
    // 60 calls without a key spend the per-IP budget; the 61st /v1 call is limited, the docs are not.
    for (let i = 0; i < 60; i++) await request(app).get('/v1/site');
    const limited = await request(app).get('/v1/site');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    for (const path of ['/openapi/v1.json', '/docs', '/docs/onboarding', '/docs/assets/swagger-ui.css'])
      expect((await request(app).get(path)).status).toBe(200);
  });

  it('answers an unknown docs path with a problem', async () => {
    const res = await request(app).get('/docs/nothing');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});
