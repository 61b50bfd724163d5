import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../../../../services/admin-console/app';
import { consoleConfigSchema, consoleSettings } from '../../../../services/admin-console/config';
import { loadConfig } from '../../../../shared/config';

const env = {
  PORT: '5174',
  BUSINESS_API_URL: 'https://api.shop.example/',
  IDENTITY_ISSUER: 'https://id.shop.example/aisle',
};
const settings = consoleSettings(loadConfig(consoleConfigSchema, env));
const app = createApp({ settings });

describe('the admin console config', () => {
  it('derives the identity endpoints from the issuer and keeps the API base without its trailing slash', () => {
    expect(settings).toEqual({
      apiBaseUrl: 'https://api.shop.example',
      clientId: 'aisle-admin-console',
      authorizationEndpoint: 'https://id.shop.example/aisle/oauth/authorize',
      tokenEndpoint: 'https://id.shop.example/aisle/oauth/token',
    });
  });

  it("defaults to npm start's processes outside production, and fails fast in production without them", () => {
    expect(consoleSettings(loadConfig(consoleConfigSchema, { PORT: '5174' }))).toMatchObject({
      apiBaseUrl: 'http://127.0.0.1:3001',
      tokenEndpoint: 'http://127.0.0.1:3002/oauth/token',
    });
    expect(() => loadConfig(consoleConfigSchema, { PORT: '5174', NODE_ENV: 'production' })).toThrow(
      /BUSINESS_API_URL[\s\S]*IDENTITY_ISSUER/,
    );
    expect(() => loadConfig(consoleConfigSchema, { ...env, BUSINESS_API_URL: 'ftp://api.example' })).toThrow(
      /BUSINESS_API_URL/,
    );
  });

  it("takes an external provider's endpoints as given", () => {
    const external = {
      ...env,
      ADMIN_AUTHORIZATION_ENDPOINT: 'https://login.example/authorize',
      ADMIN_TOKEN_ENDPOINT: 'https://login.example/token',
      ADMIN_CONSOLE_CLIENT_ID: 'console-1',
    };
    expect(consoleSettings(loadConfig(consoleConfigSchema, external))).toMatchObject({
      clientId: 'console-1',
      authorizationEndpoint: 'https://login.example/authorize',
      tokenEndpoint: 'https://login.example/token',
    });
  });
});

describe('the admin console server', () => {
  it('tells the pages where the API and the identity provider answer, never cached and with nothing secret', async () => {
    const res = await request(app).get('/config.json').expect(200);
    expect(res.body).toEqual(settings);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers the page paths with the shell under a strict CSP: own scripts and styles only, calls to the two partners only', async () => {
    for (const page of ['/', '/callback?code=x&state=y']) {
      const res = await request(app).get(page).expect(200);
      expect(res.text).toContain('<script type="module" src="/js/main.js">');
      const csp = String(res.headers['content-security-policy']).split('; ');
      expect(csp).toEqual(
        expect.arrayContaining([
          "script-src 'self'",
          "style-src 'self'",
          "object-src 'none'",
          "base-uri 'none'",
          "frame-ancestors 'none'",
          "connect-src 'self' https://api.shop.example https://id.shop.example",
        ]),
      );
      expect(csp.join('; ')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      });
    }
  });

  it('serves modules and styles with their types, a missing file as 404, and is ready without any store', async () => {
    await request(app)
      .get('/js/main.js')
      .expect(200)
      .expect('Content-Type', /javascript/);
    await request(app)
      .get('/css/console.css')
      .expect(200)
      .expect('Content-Type', /text\/css/);
    await request(app).get('/js/missing.js').expect(404);
    await request(app).get('/readyz').expect(200);
  });
});

describe("the console's pages", () => {
  const publicDir = path.join(__dirname, '../../../../services/admin-console/public');

  it('never insert markup from strings, keep no token in localStorage, and carry no inline script or style', async () => {
    const files = (await readdir(publicDir, { recursive: true })).filter((f) => /\.(js|html)$/.test(f));
    expect(files).toEqual(expect.arrayContaining(['index.html', 'js/main.js', 'js/auth.js']));
    const offending: string[] = [];
    for (const file of files) {
      const source = await readFile(path.join(publicDir, file), 'utf8');
      const banned = /innerHTML|outerHTML|insertAdjacentHTML|document\.write|localStorage\.|\beval\(|new Function/.exec(
        source,
      );
      if (banned) offending.push(`${file}: ${banned[0]}`);
      const inline = file.endsWith('.html') ? /<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=/.exec(source) : null;
      if (inline) offending.push(`${file}: ${inline[0]}`);
    }
    expect(offending).toEqual([]);
  });
});
