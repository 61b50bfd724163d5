import request from 'supertest';
import { createApp } from '../../../../services/demo-shop/app';
import { createLogger } from '../../../../shared/logger';

const logger = createLogger({ name: 'test', level: 'silent' });
const shop = (siteKey: () => Promise<string>) => createApp({ storefrontUrl: 'http://127.0.0.1:4100', siteKey, logger });

describe('the demo shop server', () => {
  const app = shop(async () => 'sfk_pub_demo');

  it('tells the pages where the storefront API answers and with which publishable key, never cached', async () => {
    const res = await request(app).get('/config.json').expect(200);
    expect(res.body).toEqual({ apiBaseUrl: 'http://127.0.0.1:4100', siteKey: 'sfk_pub_demo' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 and is not ready while no key has been saved', async () => {
    const keyless = shop(() => Promise.reject(new Error('ENOENT')));
    const res = await request(keyless).get('/config.json').expect(503);
    expect(res.body.error).toMatch(/key/);
    await request(keyless).get('/readyz').expect(503);
    await request(app).get('/readyz').expect(200);
  });

  it('answers every page path with the page shell, which may call only the shop and the API', async () => {
    for (const path of ['/', '/p/urban-sneaker', '/k/all/shoes', '/search?q=x', '/cart']) {
      const res = await request(app).get(path).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<script type="module" src="/js/main.js">');
      expect(res.headers['content-security-policy']).toContain("connect-src 'self' http://127.0.0.1:4100");
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('serves the modules as JavaScript, and a missing file as 404 rather than the page', async () => {
    const res = await request(app).get('/js/main.js').expect(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    await request(app).get('/js/missing.js').expect(404);
    await request(app)
      .get('/css/base.css')
      .expect('Content-Type', /text\/css/);
  });
});
