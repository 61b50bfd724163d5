import { loadConfig } from '../../../../shared/config';
import { identityConfigSchema, identitySettings } from '../../../../services/identity/config';

const env = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/aisle', REDIS_URL: 'redis://127.0.0.1:6379', PORT: '3002' };

describe('identity config', () => {
  it('defaults to its own address as issuer, 15-minute tokens, a 20-per-minute issuing budget and no trusted proxy', () => {
    expect(identitySettings(loadConfig(identityConfigSchema, env))).toEqual({
      issuer: 'http://127.0.0.1:3002',
      audience: 'aisle-business-api',
      resources: [],
      tokenTtlSeconds: 900,
      budget: { points: 20, windowSeconds: 60 },
      failedAttemptsPerIp: { points: 20, windowSeconds: 900 },
      failedAttemptsPerClient: { points: 100, windowSeconds: 900 },
      rateLimitKeyPrefix: 'aisle:identity',
      storeTimeoutMs: 500,
      trustProxy: false,
      corsOrigins: [],
    });
  });

  it('requires an explicit issuer in production', () => {
    expect(() => loadConfig(identityConfigSchema, { ...env, NODE_ENV: 'production' })).toThrow(/IDENTITY_ISSUER/);
    const config = loadConfig(identityConfigSchema, {
      ...env,
      NODE_ENV: 'production',
      IDENTITY_ISSUER: 'https://id.example.com',
    });
    expect(identitySettings(config).issuer).toBe('https://id.example.com');
  });

  it('reads the resources tokens may be issued for (RFC 8707) as a comma-separated list of URLs', () => {
    const config = loadConfig(identityConfigSchema, {
      ...env,
      IDENTITY_RESOURCES: ' https://api.example.com/mcp , http://127.0.0.1:3001/mcp',
    });
    expect(identitySettings(config).resources).toEqual(['https://api.example.com/mcp', 'http://127.0.0.1:3001/mcp']);
    expect(() => loadConfig(identityConfigSchema, { ...env, IDENTITY_RESOURCES: 'not-a-url' })).toThrow(
      /IDENTITY_RESOURCES/,
    );
  });

  it('refuses a token lifetime under a minute', () => {
    expect(() => loadConfig(identityConfigSchema, { ...env, ACCESS_TOKEN_TTL_SECONDS: '5' })).toThrow(
      /ACCESS_TOKEN_TTL_SECONDS/,
    );
  });

  it.each([
    ['2', 2],
    ['false', false],
    ['loopback, 10.0.0.0/8', ['loopback', '10.0.0.0/8']],
  ])('reads TRUST_PROXY=%s', (raw, expected) => {
    expect(identitySettings(loadConfig(identityConfigSchema, { ...env, TRUST_PROXY: raw })).trustProxy).toEqual(
      expected,
    );
  });

  it.each(['true', '10.0.0.0/33', 'proxy.example.com'])('refuses TRUST_PROXY=%s', (raw) => {
    expect(() => loadConfig(identityConfigSchema, { ...env, TRUST_PROXY: raw })).toThrow(/TRUST_PROXY/);
  });
});
