import type { DemoCredentials } from './demo';
import type { DemoSiteKey } from './demo-site';
import { baseUrlOf } from './process-specs';
import type { ProcessSpec } from './supervisor';

/** What `npm start` made for the developer: the business API's app password and the storefront's key. */
export type Demo = DemoCredentials & { site: DemoSiteKey };

/** What `npm start` prints once every process is ready: URLs, the stores, and the demo credentials. */
export function summary(
  specs: ProcessSpec[],
  services: { databaseUrl: string; redisUrl: string; elasticsearchUrl?: string },
  demo: Demo,
): string {
  // Names are at most 15 characters: `admin-console   http://...` lines up with the rest.
  const row = (name: string, value: string) => `  ${name.padEnd(15)} ${value}`;
  const identity = baseUrlOf(specs, 'identity');
  const business = baseUrlOf(specs, 'business-api');
  return [
    '',
    'Aisle is running:',
    ...specs.map((s) => row(s.name, s.url)),
    row('postgres', services.databaseUrl),
    row('redis', services.redisUrl),
    row(
      'search',
      services.elasticsearchUrl
        ? `Elasticsearch ${services.elasticsearchUrl}`
        : 'the embedded engine (SEARCH_ENGINE=elasticsearch for Elasticsearch)',
    ),
    '',
    `Business API reference: ${business}/api/v1/docs`,
    `Media host: ${baseUrlOf(specs, 'media-host')} (renditions under <DATA_DIR>/media; the indexer makes them on the first run)`,
    'Demo tenant "demo" (read-write app password with every permission):',
    row('client_id', demo.clientId),
    row('client_secret', demo.clientSecret),
    '',
    'First call:',
    `  TOKEN=$(curl -s -u '${demo.clientId}:${demo.clientSecret}' -d grant_type=client_credentials ${identity}/oauth/token \\`,
    `          | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')`,
    `  curl -s -H "Authorization: Bearer $TOKEN" '${business}/api/v1/sales-orders?pageSize=2'`,
    '',
    'Demo storefront site "demo" (markets se and eu; the indexer builds its index on the first start):',
    row('publishable key', demo.site.key),
    `  curl -s -H 'X-Site-Key: ${demo.site.key}' '${baseUrlOf(specs, 'storefront-api')}/v1/products?pageSize=2'`,
    '  npm run cli -- sync-status --tenant demo --site demo --limit 3',
    `Demo shop (the storefront API from a browser, with this key): ${baseUrlOf(specs, 'demo-shop')}`,
    `Admin console (sign in with the client_id and client_secret above): ${baseUrlOf(specs, 'admin-console')}`,
    '',
    'Press Ctrl-C to stop.',
    '',
  ].join('\n');
}
