import { consoleOrigins, processSpecs } from '../../../../scripts/start/process-specs';
import { consoleClient } from '../../../../services/admin-console/console-client';

const PORTS = {
  STOREFRONT_PORT: '4100',
  BUSINESS_PORT: '4101',
  IDENTITY_PORT: '4102',
  INDEXER_PORT: '4103',
  MEDIA_PORT: '4104',
  DEMO_SHOP_PORT: '4105',
  ADMIN_CONSOLE_PORT: '4106',
};

describe('npm start and the admin console', () => {
  it('runs the console on ADMIN_CONSOLE_PORT and tells it where business-api and the identity provider answer', async () => {
    const specs = await processSpecs({ ...PORTS });
    const console = specs.find((s) => s.name === 'admin-console');
    expect(console).toMatchObject({ entry: 'services/admin-console/main.ts', url: 'http://127.0.0.1:4106' });
    expect(console?.env).toMatchObject({
      PORT: '4106',
      BUSINESS_API_URL: 'http://127.0.0.1:4101',
      IDENTITY_ISSUER: 'http://127.0.0.1:4102',
    });
  });

  it("lets the console's origins call business-api and the token endpoint, besides origins the environment lists", async () => {
    const specs = await processSpecs({ ...PORTS, API_ALLOWED_ORIGINS: 'https://other.example' });
    const env = (name: string) => specs.find((s) => s.name === name)?.env ?? {};
    expect(env('business-api').API_ALLOWED_ORIGINS).toBe(
      'https://other.example,http://127.0.0.1:4106,http://localhost:4106',
    );
    expect(env('identity').IDENTITY_ALLOWED_ORIGINS).toBe('http://127.0.0.1:4106,http://localhost:4106');
  });

  it("registers the console's redirect URI on each origin it may be opened from", async () => {
    expect(consoleClient(consoleOrigins(await processSpecs({ ...PORTS })))).toEqual({
      clientId: 'aisle-admin-console',
      clientName: 'Aisle admin console',
      redirectUris: ['http://127.0.0.1:4106/callback', 'http://localhost:4106/callback'],
    });
  });
});
