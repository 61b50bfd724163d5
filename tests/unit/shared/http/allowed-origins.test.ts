import express from 'express';
import request from 'supertest';
import { allowOrigins, originListSchema } from '../../../../shared/http/allowed-origins';

describe('originListSchema', () => {
  it('reads a comma-separated list of exact origins', () => {
    expect(originListSchema.parse(' https://admin.example.com , http://127.0.0.1:5174')).toEqual([
      'https://admin.example.com',
      'http://127.0.0.1:5174',
    ]);
    expect(originListSchema.parse(undefined)).toEqual([]);
  });

  it.each([
    '*',
    'https://admin.example.com/',
    'https://admin.example.com/console',
    'admin.example.com',
    'ftp://admin.example.com',
  ])('refuses %s', (raw) => {
    expect(originListSchema.safeParse(raw).success).toBe(false);
  });
});

describe('allowOrigins', () => {
  const app = express();
  app.use(
    allowOrigins(['https://admin.example.com'], {
      methods: 'GET, POST',
      allowHeaders: 'Authorization',
      exposeHeaders: 'Retry-After',
    }),
  );
  app.all('/thing', (_req, res) => void res.status(401).json({ code: 'unauthorized' }));

  it('echoes a listed origin (never *, no credentials) on answers, errors included, and answers its preflight', async () => {
    const res = await request(app).get('/thing').set('Origin', 'https://admin.example.com').expect(401);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': 'https://admin.example.com',
      'access-control-expose-headers': 'Retry-After',
      vary: 'Origin',
    });
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await request(app)
      .options('/thing')
      .set('Origin', 'https://admin.example.com')
      .set('Access-Control-Request-Method', 'POST')
      .expect(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'Authorization',
    });
  });

  it('gives another origin no CORS header, and leaves its preflight to the routes', async () => {
    const res = await request(app).get('/thing').set('Origin', 'https://evil.example').expect(401);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(app)
      .options('/thing')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST')
      .expect(401);
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});
