import { existsSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  aisleServices,
  compiledEntryOf,
  composeServices,
  runtimeStage,
  sourceOf,
  type ComposeService,
} from '../../../scripts/ci/deploy-files';
import { projectRoot } from '../../../scripts/services/paths';
import { NODE_OPTIONS_OF } from '../../../scripts/start/process-specs';
import { baseConfigSchema, loadConfig } from '../../../shared/config';
import { indexerConfigSchema } from '../../../indexer/config';
import { consoleConfigSchema } from '../../../services/admin-console/config';
import { businessApiConfigSchema } from '../../../services/business-api/config';
import { demoShopConfigSchema } from '../../../services/demo-shop/config';
import { identityConfigSchema } from '../../../services/identity/config';
import { mediaHostConfigSchema } from '../../../services/media-host/config';
import { storefrontConfigSchema } from '../../../services/storefront-api/config';

// docker-compose.yml cannot drift from the code again: every Aisle service's environment, on top of the image's
// ENV (NODE_ENV=production among it), must pass the config schema its entry point parses at boot.

/** The schema each compiled entry point parses its environment with. */
const SCHEMAS: Record<string, z.ZodType> = {
  'dist/services/storefront-api/main.js': storefrontConfigSchema,
  'dist/services/business-api/main.js': businessApiConfigSchema,
  'dist/services/identity/main.js': identityConfigSchema,
  'dist/indexer/main.js': indexerConfigSchema,
  'dist/services/media-host/main.js': mediaHostConfigSchema,
  'dist/services/admin-console/main.js': consoleConfigSchema,
  'dist/services/demo-shop/main.js': demoShopConfigSchema,
  // Migrations and the CLI parse no schema of their own; they read the stores every process reads.
  'dist/scripts/migrate.js': baseConfigSchema,
  'dist/scripts/cli.js': baseConfigSchema,
};

const services = composeServices();
const aisle = aisleServices(services);
const image = runtimeStage();

function service(name: string): ComposeService {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
}

const entryOf = (service: ComposeService) => compiledEntryOf(service.command ?? image.cmd);
const environmentOf = (service: ComposeService) => ({ ...image.env, ...service.environment });

describe('the production image', () => {
  it('runs in production mode and starts a compiled process by default', () => {
    expect(image.env.NODE_ENV).toBe('production');
    const entry = compiledEntryOf(image.cmd);
    expect(entry && SCHEMAS[entry]).toBeDefined();
  });
});

describe('docker-compose.yml', () => {
  it('builds the Aisle processes from the Dockerfile', () => {
    expect(aisle.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'migrate',
        'storefront-api',
        'business-api',
        'identity',
        'indexer',
        'media-host',
        'admin-console',
      ]),
    );
  });

  it.each(aisle)('%s runs a compiled entry point whose source exists', (_name, service) => {
    const entry = entryOf(service);
    expect(entry).toBeDefined();
    expect(existsSync(path.join(projectRoot, sourceOf(entry ?? '')))).toBe(true);
    expect(Object.keys(SCHEMAS)).toContain(entry);
  });

  it.each(aisle)("%s's environment passes its process's config schema in production", (_name, service) => {
    const schema = SCHEMAS[entryOf(service) ?? ''] ?? baseConfigSchema;
    expect(() => loadConfig(schema, environmentOf(service))).not.toThrow();
  });

  it('would refuse business-api and identity without the variables production requires', () => {
    const { MCP_RESOURCE_URL: _resource, ...businessWithout } = environmentOf(service('business-api'));
    expect(() => loadConfig(businessApiConfigSchema, businessWithout)).toThrow(/MCP_RESOURCE_URL/);
    const { IDENTITY_ISSUER: _issuer, ...identityWithout } = environmentOf(service('identity'));
    expect(() => loadConfig(identityConfigSchema, identityWithout)).toThrow(/IDENTITY_ISSUER/);
  });

  it('lets the identity provider issue tokens for the URL business-api serves the tool server at', () => {
    const business = loadConfig(businessApiConfigSchema, environmentOf(service('business-api')));
    const identity = loadConfig(identityConfigSchema, environmentOf(service('identity')));
    expect(identity.IDENTITY_RESOURCES).toContain(business.MCP_RESOURCE_URL);
  });

  it('gives each process the Node options npm start gives it, on top of the shared environment', () => {
    for (const [name, service] of aisle) {
      const own = NODE_OPTIONS_OF[name as keyof typeof NODE_OPTIONS_OF];
      expect([name, service.environment?.NODE_OPTIONS]).toEqual([name, own]);
    }
    expect(service('indexer').environment?.DATABASE_URL).toBe(service('storefront-api').environment?.DATABASE_URL);
  });

  it('registers the admin console for the origin it is published on, which business-api and identity allow', () => {
    const command = service('register-console').command ?? [];
    const origin = command[command.indexOf('--origin') + 1] ?? '';
    expect(service('admin-console').ports).toContain(`${new URL(origin).port}:8080`);
    expect(loadConfig(businessApiConfigSchema, environmentOf(service('business-api'))).API_ALLOWED_ORIGINS).toContain(
      origin,
    );
    expect(loadConfig(identityConfigSchema, environmentOf(service('identity'))).IDENTITY_ALLOWED_ORIGINS).toContain(
      origin,
    );
  });
});
