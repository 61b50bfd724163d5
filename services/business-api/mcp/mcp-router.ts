import type { IncomingMessage } from 'node:http';
import express, { Router, type RequestHandler } from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Knex } from '../../../shared/db/knex';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../../../shared/logger';
import type { RateLimitRejections } from '../../../shared/metrics/rate-limit-metrics';
import type { Redis } from '../../../shared/redis';
import type { TokenVerifier } from '../auth/token-verifier';
import { analyticsTools } from './analytics-tools';
import { businessTools } from './business-tools';
import { configTools } from './config-tools';
import { indexTools } from './index-tools';
import { instanceTools } from './instance-tools';
import { merchandisingTools } from './merchandising-tools';
import { callRateLimit, mcpAuthenticate, mcpAuthOf, originGuard, type CallRateSettings } from './mcp-guards';
import { protectedResourceRouter } from './protected-resource';
import type { StorefrontToolDeps } from './storefront-deps';
import { registerTools, type AnyTool } from './tool-registry';

/** The tool server's settings; business-api serves /mcp only when it is given them. */
export type McpOptions = {
  /** The public URL of /mcp: the `resource` of its metadata and the audience its tokens must carry. */
  resourceUrl: string;
  /** Issuers of tokens for it (RFC 9728 `authorization_servers`). */
  authorizationServers: string[];
  /** Verifies tokens for `resourceUrl` (audience bound). */
  verifyToken: TokenVerifier;
  /** Browser origins allowed besides the server's own (DNS-rebinding protection). */
  allowedOrigins: string[];
  /**
   * The server listens on loopback only: Host and Origin must then name localhost, 127.0.0.1 or [::1] (or be listed).
   */
  loopback?: boolean;
  callRate: CallRateSettings;
  /** The storefront configuration tools' queue and engine. */
  storefront: Omit<StorefrontToolDeps, 'db' | 'redis' | 'logger'>;
  /** The clock of the sales-order tools (REST's, so both agree on isLate). */
  now?: () => Date;
};

type RouterDeps = { db: Knex; redis: Redis; logger: Logger; options: McpOptions; rejections?: RateLimitRejections };

const SERVER_INFO = { name: 'aisle-business', version: '1.0.0' };
const INSTRUCTIONS =
  "Read-only tools over your instance's business data (sales, purchasing, stock, customers), and tools that " +
  'configure a storefront shop: ' +
  'save a site, markets, facets and collections, create a key, publish, then follow get_storefront_sync_status; ' +
  'get_storefront_search_analytics shows what shoppers search for and what finds nothing; ' +
  'save_storefront_synonyms and save_storefront_query_rule ' +
  '(pin, hide, boost, bury, filter, redirect) steer search, and preview_storefront_search_changes shows what ' +
  'the draft changes before publishing.';

/** Every tool of the server, built once per app; each request binds them to its caller. */
export function allTools({ db, redis, logger, options }: RouterDeps): AnyTool[] {
  const storefront: StorefrontToolDeps = { db, redis, logger, ...options.storefront };
  return [
    ...businessTools(db, options.now),
    ...instanceTools(storefront),
    ...configTools(storefront),
    ...merchandisingTools(storefront),
    ...indexTools(storefront),
    ...analyticsTools(storefront),
  ];
}

/**
 * Stateless streamable HTTP (docs/decisions.md, "MCP tool server"): every POST gets a fresh server and
 * transport bound to its caller, answered as JSON; no session survives the request, so any process can serve any call.
 */
function handleMcpPost(tools: readonly AnyTool[], logger: Logger): RequestHandler {
  return async (req, res) => {
    const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
    registerTools(server, tools, mcpAuthOf(res.locals), logger);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // The SDK reads an optional `auth` of its own shape from the request; ours travels in res.locals instead.
    await transport.handleRequest(req as unknown as IncomingMessage, res, req.body);
  };
}

const methodNotAllowed: RequestHandler = (_req, res, next) => {
  // Stateless: no server-initiated stream to GET and no session to DELETE (transport spec: answer 405).
  res.set('Allow', 'POST');
  next(new AppError(405, 'method_not_allowed', 'The tool server takes POST only (stateless streamable HTTP).'));
};

/** /mcp and its protected-resource metadata, for business-api's app. */
export function mcpRouter(deps: RouterDeps): Router {
  const { options } = deps;
  const router = Router();
  router.use(protectedResourceRouter(options.resourceUrl, options.authorizationServers));
  const guards = [
    originGuard(options.resourceUrl, options.allowedOrigins, options.loopback),
    mcpAuthenticate(options.verifyToken, options.resourceUrl),
  ];
  router.post(
    '/mcp',
    ...guards,
    express.json({ limit: '4mb' }),
    callRateLimit(deps.redis, options.callRate, deps.rejections),
    handleMcpPost(allTools(deps), deps.logger),
  );
  router.all('/mcp', ...guards, methodNotAllowed);
  return router;
}
