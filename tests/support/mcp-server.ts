import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Queue } from 'bullmq';
import { SignJWT, createLocalJWKSet } from 'jose';
import { formatScope, type AccessLevel, type Permission } from '../../shared/auth/scopes';
import { createIndexQueue } from '../../shared/index-queue';
import { createRedis, type Redis } from '../../shared/redis';
import type { SearchEngine } from '../../shared/search';
import { createApp } from '../../services/business-api/app';
import type { McpOptions } from '../../services/business-api/mcp/mcp-router';
import { createTokenVerifier } from '../../services/business-api/auth/token-verifier';
import type { SigningKey } from '../../services/identity/signing-keys';
import { TEST_AUDIENCE, TEST_ISSUER, silentLogger, tempSigningKey } from './identity';
import { createTestDb, type TestDb } from './test-db';
import { createTestRedis, type TestRedis } from './test-redis';

export type McpTokenOptions = {
  access?: AccessLevel;
  permissions?: Permission[];
  userId?: string;
  audience?: string | string[];
  expiresAt?: number;
};

export type McpHarness = {
  t: TestDb;
  r: TestRedis;
  /** The server's base URL (http://127.0.0.1:port) and its tool server's URL (the resource). */
  baseUrl: string;
  resourceUrl: string;
  /** BullMQ queue the configuration tools enqueue on (this file's own prefix: `r.prefix`), and a raw connection for workers. */
  queue: Queue;
  queueRedis: Redis;
  /** A signed token; for the tool server (audience = resourceUrl) unless `audience` says otherwise. */
  token: (tenantId: number, options?: McpTokenOptions) => Promise<string>;
  /** An SDK client connected over HTTP with this bearer token (and extra headers). */
  connect: (token: string, headers?: Record<string, string>) => Promise<Client>;
  close: () => Promise<void>;
};

type HarnessOptions = {
  callsPerMinute?: number;
  allowedOrigins?: string[];
  engine?: () => Promise<SearchEngine>;
  now?: () => Date;
  /** Trust this issuer and key (a real identity app's) instead of the harness's own. */
  trust?: { issuer: string; signingKey: SigningKey };
};

/** business-api with its tool server on a free loopback port, on this file's own database and Redis prefix. */
export async function startMcpServer(options: HarnessOptions = {}): Promise<McpHarness> {
  const [t, r, keys] = await Promise.all([createTestDb(), createTestRedis(), tempSigningKey()]);
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const resourceUrl = `${baseUrl}/mcp`;
  const signingKey = options.trust?.signingKey ?? keys.signingKey;
  const issuer = options.trust?.issuer ?? TEST_ISSUER;
  const jwks = createLocalJWKSet({ keys: [signingKey.publicJwk] });
  const queueRedis = createRedis(r.url, { maxRetriesPerRequest: null });
  const queue = createIndexQueue(queueRedis, r.prefix);
  const mcp: McpOptions = {
    resourceUrl,
    authorizationServers: [issuer],
    verifyToken: createTokenVerifier({ keys: jwks, issuer, audience: resourceUrl }),
    allowedOrigins: options.allowedOrigins ?? [],
    // It listens on 127.0.0.1, as npm start's business-api does.
    loopback: true,
    callRate: { points: options.callsPerMinute ?? 1000, windowSeconds: 60, keyPrefix: 'mcp-calls' },
    storefront: {
      queue,
      deltaEveryMs: 3_600_000,
      engine: options.engine ?? (() => Promise.reject(new Error('no engine in this test'))),
      issuer,
    },
    now: options.now,
  };
  const verifyToken = createTokenVerifier({ keys: jwks, issuer, audience: TEST_AUDIENCE });
  server.on(
    'request',
    createApp({ db: t.db, redis: r.redis, logger: silentLogger, verifyToken, mcp, salesOrders: { now: options.now } }),
  );

  const token = (tenantId: number, o: McpTokenOptions = {}) =>
    new SignJWT({
      iid: tenantId,
      scope: formatScope(
        o.access ?? 'read-write',
        o.permissions ?? ['onboarding_company', 'payment_manage', 'price', 'quantity'],
      ),
    })
      .setProtectedHeader({ alg: 'ES256', kid: signingKey.kid })
      .setIssuer(issuer)
      .setAudience(o.audience ?? resourceUrl)
      .setSubject(o.userId ?? '1')
      .setIssuedAt(o.expiresAt === undefined ? undefined : o.expiresAt - 600)
      .setExpirationTime(o.expiresAt ?? '10m')
      .sign(signingKey.privateKey);

  const clients: Client[] = [];
  const connect = async (bearer: string, headers: Record<string, string> = {}) => {
    const client = new Client({ name: 'aisle-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(resourceUrl), {
      requestInit: { headers: { Authorization: `Bearer ${bearer}`, ...headers } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  };

  const close = async () => {
    await Promise.all(clients.map((c) => c.close()));
    await queue.close();
    queueRedis.disconnect();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await r.cleanup();
    await t.drop();
    await keys.cleanup();
  };
  return { t, r, baseUrl, resourceUrl, queue, queueRedis, token, connect, close };
}

/** The text of a tool result's first content item. */
export const textOf = (result: CallToolResult): string => {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
};

/** Calls a tool and returns the result, typed. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/**
 * Tool calls that must succeed (`ok`: the structured answer; a tool error throws with its text) or must be refused
 * (`refused`: asserts the tool error and returns its text), on the client `client()` returns at call time.
 */
export function toolCalls(client: () => Client) {
  return {
    ok: async (name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> => {
      const result = await callTool(client(), name, args);
      if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
      return result.structuredContent as Record<string, unknown>;
    },
    refused: async (name: string, args: Record<string, unknown>): Promise<string> => {
      const result = await callTool(client(), name, args);
      expect({ name, isError: result.isError }).toEqual({ name, isError: true });
      return textOf(result);
    },
  };
}
