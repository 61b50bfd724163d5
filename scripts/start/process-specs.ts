import { dataDir } from '../services/paths';
import { DEFAULT_MEDIA_PORT } from '../../shared/media/media-config';
import { choosePort } from './ports';
import type { ProcessSpec } from './supervisor';

const HOST = '127.0.0.1';

const PROCESSES = [
  { name: 'storefront-api', entry: 'services/storefront-api/main.ts', portVar: 'STOREFRONT_PORT', port: 3000 },
  { name: 'business-api', entry: 'services/business-api/main.ts', portVar: 'BUSINESS_PORT', port: 3001 },
  { name: 'identity', entry: 'services/identity/main.ts', portVar: 'IDENTITY_PORT', port: 3002 },
  { name: 'indexer', entry: 'indexer/main.ts', portVar: 'INDEXER_PORT', port: 3003 },
  { name: 'media-host', entry: 'services/media-host/main.ts', portVar: 'MEDIA_PORT', port: DEFAULT_MEDIA_PORT },
  { name: 'demo-shop', entry: 'services/demo-shop/main.ts', portVar: 'DEMO_SHOP_PORT', port: 5173 },
  { name: 'admin-console', entry: 'services/admin-console/main.ts', portVar: 'ADMIN_CONSOLE_PORT', port: 5174 },
] as const;

export type ProcessName = (typeof PROCESSES)[number]['name'];

/**
 * Node options of a process beyond the environment's own NODE_OPTIONS (docker-compose.yml sets the same). The
 * indexer's young generation is 128 MB instead of 32: a full run keeps every document it stages, which each
 * scavenge of a small young generation copies (docs/decisions.md, "The indexer's young generation").
 */
export const NODE_OPTIONS_OF: Partial<Record<ProcessName, string>> = { indexer: '--max-semi-space-size=64' };

const nodeOptions = (env: NodeJS.ProcessEnv, name: ProcessName): { NODE_OPTIONS?: string } => {
  const own = NODE_OPTIONS_OF[name];
  return own === undefined ? {} : { NODE_OPTIONS: [env.NODE_OPTIONS, own].filter(Boolean).join(' ') };
};

/** The variables that set each process's port (STOREFRONT_PORT, ...): unset, the default port when it is free. */
export const PORT_VARIABLES: readonly string[] = PROCESSES.map((p) => p.portVar);

/** Every process `npm start` runs, each on its port (the default when free) with the shared environment. */
export async function processSpecs(env: NodeJS.ProcessEnv): Promise<ProcessSpec[]> {
  const base = { ...env, HOST, DATA_DIR: dataDir(env), LOG_LEVEL: env.LOG_LEVEL ?? 'info' };
  const ports = await Promise.all(PROCESSES.map(({ portVar, port }) => choosePort(env, portVar, port)));
  // The identity provider issues tokens under its own URL and business-api must trust exactly that issuer,
  // so both learn it here (a taken default port moves it).
  const identityUrl = `http://${HOST}:${ports[PROCESSES.findIndex((d) => d.name === 'identity')]}`;
  // The storefront announces the media host in the site's media block: the one started here unless MEDIA_BASE_URL says otherwise.
  const mediaUrl = `http://${HOST}:${ports[PROCESSES.findIndex((d) => d.name === 'media-host')]}`;
  // The tool server's URL is a resource the identity provider issues tokens for (RFC 8707 audience).
  const mcpUrl = `http://${HOST}:${ports[PROCESSES.findIndex((d) => d.name === 'business-api')]}/mcp`;
  // The demo shop's pages call the storefront API from the browser.
  const storefrontUrl = `http://${HOST}:${ports[PROCESSES.findIndex((d) => d.name === 'storefront-api')]}`;
  // The admin console's pages call business-api and the identity provider's token endpoint from the browser: both
  // must allow its origins (besides any the environment lists), and the console must know business-api's URL.
  const businessUrl = `http://${HOST}:${ports[PROCESSES.findIndex((d) => d.name === 'business-api')]}`;
  const consoleAt = loopbackOrigins(ports[PROCESSES.findIndex((d) => d.name === 'admin-console')] ?? 0);
  const withConsole = (listed: string | undefined) => [...(listed ? [listed] : []), ...consoleAt].join(',');
  const shared = {
    ...base,
    IDENTITY_ISSUER: env.IDENTITY_ISSUER ?? identityUrl,
    AUTH_ISSUER: env.AUTH_ISSUER ?? identityUrl,
    MEDIA_BASE_URL: env.MEDIA_BASE_URL ?? mediaUrl,
    MCP_RESOURCE_URL: env.MCP_RESOURCE_URL ?? mcpUrl,
    IDENTITY_RESOURCES: env.IDENTITY_RESOURCES ?? env.MCP_RESOURCE_URL ?? mcpUrl,
    STOREFRONT_API_URL: env.STOREFRONT_API_URL ?? storefrontUrl,
    BUSINESS_API_URL: env.BUSINESS_API_URL ?? businessUrl,
    API_ALLOWED_ORIGINS: withConsole(env.API_ALLOWED_ORIGINS),
    IDENTITY_ALLOWED_ORIGINS: withConsole(env.IDENTITY_ALLOWED_ORIGINS),
  };
  return PROCESSES.map(({ name, entry }, i) => ({
    name,
    entry,
    env: { ...shared, PORT: String(ports[i]), ...nodeOptions(env, name) },
    url: `http://${HOST}:${ports[i]}`,
  }));
}

/** A loopback port as a browser may name it: 127.0.0.1 or localhost (two origins to CORS and to OAuth redirects). */
const loopbackOrigins = (port: number): string[] => [`http://${HOST}:${port}`, `http://localhost:${port}`];

/** The origins a browser may load the demo shop from (the site's devOrigins must list them for CORS). */
export const shopOrigins = (specs: ProcessSpec[]): string[] =>
  loopbackOrigins(Number(new URL(baseUrlOf(specs, 'demo-shop')).port));

/** The origins a browser may load the admin console from (its OAuth client's redirect URIs are on them). */
export const consoleOrigins = (specs: ProcessSpec[]): string[] =>
  loopbackOrigins(Number(new URL(baseUrlOf(specs, 'admin-console')).port));

/** The base URL of the named process. */
export function baseUrlOf(specs: ProcessSpec[], name: ProcessName): string {
  const spec = specs.find((s) => s.name === name);
  if (!spec) throw new Error(`no process named ${name}`);
  return spec.url;
}
