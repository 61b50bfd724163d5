import type { Queue } from 'bullmq';
import type { Express } from 'express';
import { SignJWT, createLocalJWKSet } from 'jose';
import request, { type Response } from 'supertest';
import type { Knex } from '../../shared/db/knex';
import { formatScope, type AccessLevel, type Permission } from '../../shared/auth/scopes';
import { createApp, type BusinessApiDeps } from '../../services/business-api/app';
import { createTokenVerifier } from '../../services/business-api/auth/token-verifier';
import type { StorefrontServices } from '../../services/business-api/storefront-admin/admin-deps';
import { createIndexQueue } from '../../shared/index-queue';
import { createRedis } from '../../shared/redis';
import { TEST_AUDIENCE, TEST_ISSUER, silentLogger, tempSigningKey } from './identity';
import { EmbeddedSearchEngine } from '../../shared/search/embedded/lifecycle/embedded-engine';
import { createResponseValidator, type OpenApiDocument } from './openapi-conformance';
import { createTestDb, type TestDb } from './test-db';
import { createTestRedis, type TestRedis } from './test-redis';

type TokenOptions = {
  access?: AccessLevel;
  permissions?: Permission[];
  userId?: string;
  /** Overrides for rejection tests: a wrong issuer or audience, or an expiry in the past (a number of seconds since the epoch). */
  issuer?: string;
  audience?: string;
  expiresAt?: number;
};
type CallOptions = {
  token?: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
};

export type BusinessApiHarness = {
  t: TestDb;
  app: Express;
  document: OpenApiDocument;
  /** The indexer queue the storefront admin routes enqueue on (this file's own Redis prefix). */
  queue: Queue;
  /** A signed bearer token for the tenant (read-write with every permission unless told otherwise). */
  token: (tenantId: number, options?: TokenOptions) => Promise<string>;
  /** Calls /api/v1 and fails the test when the answer does not conform to the OpenAPI document. */
  call: (method: 'get' | 'post' | 'patch' | 'put' | 'delete', path: string, options?: CallOptions) => Promise<Response>;
  close: () => Promise<void>;
};

type HarnessOptions = Pick<BusinessApiDeps, 'salesOrders' | 'metrics'> & {
  /** The connection pool the app uses instead of the test database's own (e.g. one through a proxy an outage test cuts). */
  appDb?: (t: TestDb) => Knex;
  /** The storefront admin routes' search engine (the queue is the harness's own); by default an empty in-memory embedded engine. */
  engine?: StorefrontServices['engine'];
};

/**
 * The real business-api on a database and Redis prefix of this test file's own, with locally signed tokens.
 * `options` reach createApp (e.g. a test double of an external payment provider, a shorter time limit).
 */
export async function startBusinessApi({
  appDb,
  engine,
  ...options
}: HarnessOptions = {}): Promise<BusinessApiHarness> {
  const [t, r, keys]: [TestDb, TestRedis, Awaited<ReturnType<typeof tempSigningKey>>] = await Promise.all([
    createTestDb(),
    createTestRedis(),
    tempSigningKey(),
  ]);
  const verifyToken = createTokenVerifier({
    keys: createLocalJWKSet({ keys: [keys.signingKey.publicJwk] }),
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
  });
  const queueRedis = createRedis(r.url, { maxRetriesPerRequest: null });
  const queue = createIndexQueue(queueRedis, r.prefix);
  // An empty engine, so a route that searches answers as it would on a site never indexed, not with a test's own failure.
  let empty: EmbeddedSearchEngine | undefined;
  const storefront: StorefrontServices = {
    queue,
    deltaEveryMs: 3_600_000,
    engine: engine ?? (async () => (empty ??= new EmbeddedSearchEngine())),
  };
  const app = createApp({
    db: appDb ? appDb(t) : t.db,
    redis: r.redis,
    logger: silentLogger,
    verifyToken,
    storefront,
    ...options,
  });
  const document = (await request(app).get('/api/v1/openapi.json')).body as OpenApiDocument;
  const validateResponse = createResponseValidator(document);

  const token = (tenantId: number, options: TokenOptions = {}) =>
    new SignJWT({
      iid: tenantId,
      scope: formatScope(
        options.access ?? 'read-write',
        options.permissions ?? ['onboarding_company', 'payment_manage', 'price', 'quantity'],
      ),
    })
      .setProtectedHeader({ alg: 'ES256', kid: keys.signingKey.kid })
      .setIssuer(options.issuer ?? TEST_ISSUER)
      .setAudience(options.audience ?? TEST_AUDIENCE)
      .setSubject(options.userId ?? '1')
      .setIssuedAt(options.expiresAt === undefined ? undefined : options.expiresAt - 600)
      .setExpirationTime(options.expiresAt ?? '10m')
      .sign(keys.signingKey.privateKey);

  const call: BusinessApiHarness['call'] = async (method, path, options = {}) => {
    let req = request(app)[method](`/api/v1${path}`);
    if (options.token) req = req.set('Authorization', `Bearer ${options.token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) req = req.set(name, value);
    if (options.query) req = req.query(options.query);
    const res = await (options.body === undefined ? req : req.send(options.body as object));
    const problems = validateResponse(method, path, res.status, res.headers['content-type'], res.body);
    if (problems.length)
      throw new Error(
        `${method.toUpperCase()} ${path} -> ${res.status} does not conform to the OpenAPI document:\n  ${problems.join('\n  ')}\nbody: ${JSON.stringify(res.body).slice(0, 500)}`,
      );
    return res;
  };

  const close = async () => {
    await empty?.close();
    await queue.close();
    queueRedis.disconnect();
    await r.cleanup();
    await t.drop();
    await keys.cleanup();
  };
  return { t, app, document, queue, token, call, close };
}
