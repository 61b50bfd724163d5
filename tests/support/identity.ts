import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import type { Registry } from 'prom-client';
import type { Knex } from '../../shared/db/knex';
import type { Redis } from '../../shared/redis';
import { createLogger } from '../../shared/logger';
import { createApp } from '../../services/identity/app';
import type { IdentitySettings } from '../../services/identity/config';
import { loadOrCreateSigningKey, type SigningKey } from '../../services/identity/signing-keys';

export const TEST_ISSUER = 'https://identity.test';
export const TEST_AUDIENCE = 'aisle-business-api';
/** The tool server's URL as identity tests know it (a resource tokens may be asked for). */
export const TEST_MCP_RESOURCE = 'https://api.test/mcp';
export const silentLogger = createLogger({ name: 'test', level: 'silent' });

/** Inserts a tenant and returns its id. */
export async function insertTenant(db: Knex, code: string): Promise<number> {
  const [row] = await db('tenants')
    .insert({ code, name: `Tenant ${code}` })
    .returning<{ id: number }[]>('id');
  if (!row) throw new Error('tenant insert returned no row');
  return row.id;
}

/**
 * Identity settings for a test: generous budgets unless overridden, and rate-limit keys under a fresh
 * prefix so each app built with them starts with untouched budgets.
 */
export function identitySettings(overrides: Partial<IdentitySettings> = {}): IdentitySettings {
  return {
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    resources: [TEST_MCP_RESOURCE],
    tokenTtlSeconds: 900,
    budget: { points: 100, windowSeconds: 60 },
    failedAttemptsPerIp: { points: 100, windowSeconds: 600 },
    failedAttemptsPerClient: { points: 100, windowSeconds: 600 },
    storeTimeoutMs: 500,
    trustProxy: false,
    corsOrigins: [],
    rateLimitKeyPrefix: `identity-${randomBytes(4).toString('hex')}`,
    ...overrides,
  };
}

/** A temporary data directory holding a signing key; `cleanup` removes it. */
export async function tempSigningKey(): Promise<{
  dataDir: string;
  signingKey: SigningKey;
  cleanup: () => Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aisle-identity-'));
  const signingKey = await loadOrCreateSigningKey(dataDir);
  return { dataDir, signingKey, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
}

/** The identity app on the test's database and Redis. */
export function identityApp(
  deps: { db: Knex; redis: Redis; signingKey: SigningKey; metrics?: Registry },
  overrides: Partial<IdentitySettings> = {},
): Express {
  return createApp({ ...deps, logger: silentLogger, config: identitySettings(overrides) });
}
