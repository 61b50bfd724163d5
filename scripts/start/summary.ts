import type { DemoCredentials } from './demo';
import { baseUrlOf } from './process-specs';
import type { ProcessSpec } from './supervisor';

/** What `npm start` prints once every process is ready: URLs, the stores, and the demo credentials. */
export function summary(specs: ProcessSpec[], services: { databaseUrl: string; redisUrl: string }, demo: DemoCredentials): string {
  const row = (name: string, value: string) => `  ${name.padEnd(16)} ${value}`;
  const identity = baseUrlOf(specs, 'identity');
  const business = baseUrlOf(specs, 'business-api');
  return [
    '',
    'Aisle is running:',
    ...specs.map((s) => row(s.name, s.url)),
    row('postgres', services.databaseUrl),
    row('redis', services.redisUrl),
    '',
    `Business API reference: ${business}/api/v1/docs`,
    'Demo tenant "demo" (read-write app password with every permission):',
    row('client_id', demo.clientId),
    row('client_secret', demo.clientSecret),
    '',
    'First call:',
    `  TOKEN=$(curl -s -u '${demo.clientId}:${demo.clientSecret}' -d grant_type=client_credentials ${identity}/oauth/token \\`,
    `          | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')`,
    `  curl -s -H "Authorization: Bearer $TOKEN" '${business}/api/v1/sales-orders?pageSize=2'`,
    '',
    'Press Ctrl-C to stop.',
    '',
  ].join('\n');
}
