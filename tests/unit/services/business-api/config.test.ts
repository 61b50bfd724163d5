import { loadConfig } from '../../../../shared/config';
import { authSettings, businessApiConfigSchema } from '../../../../services/business-api/config';

const env = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/aisle', REDIS_URL: 'redis://127.0.0.1:6379', PORT: '3001' };

describe('business-api auth config', () => {
  it('trusts the embedded identity process by default outside production', () => {
    expect(authSettings(loadConfig(businessApiConfigSchema, env))).toEqual({
      issuer: 'http://127.0.0.1:3002',
      audience: 'aisle-business-api',
      jwksUrl: 'http://127.0.0.1:3002/.well-known/jwks.json',
    });
  });

  it('derives the JWKS URL from a configured issuer, or takes it as given', () => {
    const issuer = { ...env, AUTH_ISSUER: 'https://login.example.com/tenant/', AUTH_AUDIENCE: 'api://aisle' };
    expect(authSettings(loadConfig(businessApiConfigSchema, issuer)).jwksUrl).toBe(
      'https://login.example.com/tenant/.well-known/jwks.json',
    );
    const explicit = { ...issuer, AUTH_JWKS_URL: 'https://login.example.com/keys' };
    expect(authSettings(loadConfig(businessApiConfigSchema, explicit))).toMatchObject({
      jwksUrl: 'https://login.example.com/keys',
      audience: 'api://aisle',
    });
  });

  it('fails fast in production without an issuer, and on a malformed URL', () => {
    expect(() => loadConfig(businessApiConfigSchema, { ...env, NODE_ENV: 'production' })).toThrow(/AUTH_ISSUER/);
    expect(() => loadConfig(businessApiConfigSchema, { ...env, AUTH_JWKS_URL: 'not a url' })).toThrow(/AUTH_JWKS_URL/);
  });
});
