import { createLocalJWKSet } from 'jose';
import { freePort } from '../../scripts/services/free-port';
import { seedTenant } from '../../scripts/seed/seed-tenant';
import { createApp as createConsoleApp } from '../../services/admin-console/app';
import { consoleConfigSchema, consoleSettings } from '../../services/admin-console/config';
import { consoleClient } from '../../services/admin-console/console-client';
import { createApp as createBusinessApi } from '../../services/business-api/app';
import { createTokenVerifier } from '../../services/business-api/auth/token-verifier';
import { createAppPassword } from '../../services/identity/app-passwords/create-app-password';
import { saveClient } from '../../services/identity/oauth/clients';
import { finishRun, startRun } from '../../indexer/runs/sync-runs';
import { loadConfig } from '../../shared/config';
import { listen, type RunningServer } from '../../shared/http/listen';
import { saveMarket, saveSite } from '../../shared/storefront-config/drafts';
import { publishConfig } from '../../shared/storefront-config/publish';
import { identityApp, insertTenant, silentLogger, tempSigningKey, TEST_AUDIENCE } from './identity';
import { createTestDb, type TestDb } from './test-db';
import { createTestRedis } from './test-redis';

const HOST = '127.0.0.1';

/** An app password's credentials, as a shop admin types them on the consent page. */
export type Credentials = { clientId: string; clientSecret: string };

/** The console as `npm start` runs it: its URL, its partners' URLs, and the seeded tenants' app passwords. */
export interface AdminConsoleStack {
  consoleUrl: string;
  apiUrl: string;
  identityUrl: string;
  t: TestDb;
  /** A tenant with a published, indexed site `outlet` and a draft-only site `spring`: read-write. */
  shop: Credentials & { tenantId: number };
  /** A tenant without any site: read-only. */
  empty: Credentials;
  cleanup: () => Promise<void>;
}

/** A published site with a market, a finished full run (with a product left out) and a delta after it, and a second site never published. */
async function seedSites(t: TestDb, tenantId: number): Promise<void> {
  const list: { id: number } = await t.db('price_lists').where({ tenant_id: tenantId, active: true, currency_code: 'SEK' }).first('id');
  const outlet = await saveSite(t.db, tenantId, { code: 'outlet', name: 'Nordic Outlet', ecomSiteId: 1 });
  await saveMarket(t.db, tenantId, outlet, { code: 'se', language: 'sv', currency: 'SEK', country: 'SE', urlTemplate: 'https://outlet.example/se/{path}', priceListId: list.id, isDefault: true });
  const { version } = await publishConfig(t.db, tenantId, outlet, 'first version');
  const run = await startRun(t.db, { tenantId, siteId: outlet }, { mode: 'full', jobId: null, attempt: 1, configVersion: version, indexName: 'outlet-1' });
  await finishRun(t.db, run, { outcome: 'ok', documentCount: 19, warnings: [{ code: 'NO_PRICE', productId: '7' }], timings: { total: 850 }, swapped: true });
  // Deltas follow every few seconds: the index status must still be the full run's.
  const delta = await startRun(t.db, { tenantId, siteId: outlet }, { mode: 'delta', jobId: null, attempt: 1, configVersion: version, indexName: 'outlet-1' });
  await finishRun(t.db, delta, { outcome: 'ok', documentCount: 2, warnings: [{ code: 'INACTIVE', productId: '3' }, { code: 'NO_PRICE', productId: '9' }], timings: { total: 40 } });
  await saveSite(t.db, tenantId, { code: 'spring', name: 'Spring <b>campaign</b>', ecomSiteId: 1 });
}

/** The three processes the console needs, on free loopback ports: the identity provider, business-api and the console. */
async function serveAll(t: TestDb, redis: ReturnType<typeof createTestRedis>['redis'], signingKey: Awaited<ReturnType<typeof tempSigningKey>>['signingKey']) {
  const [identityPort, apiPort, consolePort] = [await freePort(), await freePort(), await freePort()];
  const identityUrl = `http://${HOST}:${identityPort}`;
  const apiUrl = `http://${HOST}:${apiPort}`;
  const consoleUrl = `http://${HOST}:${consolePort}`;
  const verifyToken = createTokenVerifier({ keys: createLocalJWKSet({ keys: [signingKey.publicJwk] }), issuer: identityUrl, audience: TEST_AUDIENCE });
  const settings = consoleSettings(loadConfig(consoleConfigSchema, { PORT: String(consolePort), BUSINESS_API_URL: apiUrl, IDENTITY_ISSUER: identityUrl }));
  const servers: RunningServer[] = [
    await listen(identityApp({ db: t.db, redis, signingKey }, { issuer: identityUrl, corsOrigins: [consoleUrl] }), HOST, identityPort),
    await listen(createBusinessApi({ db: t.db, redis, logger: silentLogger, verifyToken, corsOrigins: [consoleUrl] }), HOST, apiPort),
    await listen(createConsoleApp({ settings }), HOST, consolePort),
  ];
  await saveClient(t.db, consoleClient([consoleUrl]));
  return { identityUrl, apiUrl, consoleUrl, servers };
}

const credentialsOf = ({ password, clientSecret }: Awaited<ReturnType<typeof createAppPassword>>): Credentials => ({ clientId: password.clientId, clientSecret });

export async function startAdminConsoleStack(): Promise<AdminConsoleStack> {
  const t = await createTestDb();
  const r = createTestRedis();
  const keys = await tempSigningKey();
  const { tenantId } = await seedTenant(t.db, { tenant: 'console-shop', products: 20, orders: 0, seed: 7, asOf: new Date('2025-06-01T00:00:00Z'), analyze: false });
  await seedSites(t, tenantId);
  await insertTenant(t.db, 'console-empty');
  const shop = await createAppPassword(t.db, { tenantCode: 'console-shop', email: 'admin@shop.example', name: 'console test', access: 'read-write', permissions: [] });
  const empty = await createAppPassword(t.db, { tenantCode: 'console-empty', email: 'viewer@empty.example', name: 'console test', access: 'read-only', permissions: [] });
  const { identityUrl, apiUrl, consoleUrl, servers } = await serveAll(t, r.redis, keys.signingKey);
  return {
    consoleUrl, apiUrl, identityUrl, t,
    shop: { ...credentialsOf(shop), tenantId },
    empty: credentialsOf(empty),
    cleanup: async () => {
      for (const server of servers) await server.close();
      await r.cleanup();
      await t.drop();
      await keys.cleanup();
    },
  };
}
