import type { RequestHandler } from 'express';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { forbidden, RateLimitedError, unauthorized } from '../../../shared/errors';
import type { RateLimitRejections } from '../../../shared/metrics/rate-limit-metrics';
import { LOOPBACK_HOST_NAMES } from '../../../shared/http/loopback';
import type { Redis } from '../../../shared/redis';
import type { AuthContext } from '../auth/auth-context';
import { UNAUTHORIZED_MESSAGE } from '../auth/authenticate';
import { TokenRejectedError, type TokenVerifier } from '../auth/token-verifier';
import { bearerChallenge } from './protected-resource';

/** The host name of a Host header or an origin (`localhost:3001`, `http://[::1]:8080`), or null when it has none. */
function hostNameOf(value: string, asOrigin: boolean): string | null {
  try {
    return new URL(asOrigin ? value : `http://${value}`).hostname;
  } catch {
    return null;
  }
}

const isLoopbackName = (name: string | null) => name !== null && LOOPBACK_HOST_NAMES.has(name);

/**
 * Whether a listen address (HOST) is the loopback interface only: the tool server is then reachable from this machine
 * alone.
 */
export const isLoopbackHost = (host: string): boolean =>
  ['localhost', '::1', '[::1]'].includes(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/**
 * Whether a request from `origin` may reach the tool server: none (not a browser), its own, a listed one, or, while
 * it listens on loopback, any origin naming localhost, 127.0.0.1 or [::1] (any port: a local client).
 */
export function originAllowed(
  origin: string | undefined,
  resourceUrl: string,
  allowed: readonly string[],
  loopback = false,
): boolean {
  if (origin === undefined) return true;
  if (origin === new URL(resourceUrl).origin || allowed.includes(origin)) return true;
  return loopback && isLoopbackName(hostNameOf(origin, true));
}

const CORS_HEADERS = {
  'Access-Control-Allow-Methods': 'POST',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, MCP-Protocol-Version',
  'Access-Control-Expose-Headers': 'WWW-Authenticate, Retry-After',
  'Access-Control-Max-Age': '600',
};

/**
 * DNS-rebinding protection (MCP transport spec): a foreign `Origin` is 403 before anything else runs, and while the
 * server listens on loopback so is a `Host` naming anything but localhost, 127.0.0.1 or [::1] (a rebound name
 * reaches it with the attacker's Host). A listed browser origin gets CORS headers, and its preflight (OPTIONS) is
 * answered here, before authentication.
 */
export function originGuard(resourceUrl: string, allowed: readonly string[], loopback = false): RequestHandler {
  return (req, res, next) => {
    const { origin, host } = req.headers;
    if (loopback && !isLoopbackName(hostNameOf(host ?? '', false)))
      return next(forbidden('forbidden', 'This Host may not call the tool server: it listens on loopback only.'));
    if (!originAllowed(origin, resourceUrl, allowed, loopback))
      return next(forbidden('forbidden', 'This Origin may not call the tool server.'));
    if (origin === undefined) return next();
    res.set({ ...CORS_HEADERS, 'Access-Control-Allow-Origin': origin, Vary: 'Origin' });
    if (req.method === 'OPTIONS') return void res.status(204).end();
    next();
  };
}

/** The caller of a /mcp request, set by `mcpAuthenticate`. */
export const mcpAuthOf = (locals: Record<string, unknown>): AuthContext => {
  const auth = locals.mcpAuth as AuthContext | undefined;
  if (!auth) throw new Error('mcpAuthOf: route is not behind mcpAuthenticate()');
  return auth;
};

/**
 * Bearer authentication for /mcp with a verifier bound to the tool server's own audience (RFC 8707): a token
 * issued for the REST API alone is refused. Every 401 names the protected-resource metadata (RFC 9728 §5.1).
 */
export function mcpAuthenticate(verify: TokenVerifier, resourceUrl: string): RequestHandler {
  return async (req, res, next) => {
    const token = /^Bearer +([^\s]+) *$/i.exec(req.headers.authorization ?? '')?.[1];
    try {
      if (!token) throw new TokenRejectedError('no bearer token');
      res.locals.mcpAuth = await verify(token);
      next();
    } catch (err) {
      if (!(err instanceof TokenRejectedError)) return next(err);
      req.log.debug({ reason: err.reason }, 'tool-server token rejected');
      res.setHeader('WWW-Authenticate', bearerChallenge(resourceUrl, token !== undefined));
      next(unauthorized('unauthorized', UNAUTHORIZED_MESSAGE));
    }
  };
}

/** How many `tools/call` requests a JSON-RPC message (or batch) carries. */
export function toolCallCount(body: unknown): number {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.filter(
    (m) => typeof m === 'object' && m !== null && (m as { method?: unknown }).method === 'tools/call',
  ).length;
}

export type CallRateSettings = { points: number; windowSeconds: number; keyPrefix: string };

/**
 * The per-user tool-call budget, in Redis so every business-api process shares it; past it, 429 with Retry-After
 * (counted as `mcp_calls`).
 */
export function callRateLimit(
  redis: Redis,
  settings: CallRateSettings,
  rejections?: RateLimitRejections,
): RequestHandler {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: settings.keyPrefix,
    points: settings.points,
    duration: settings.windowSeconds,
    rejectIfRedisNotReady: true,
  });
  return async (req, res, next) => {
    const calls = toolCallCount(req.body);
    if (calls === 0) return next();
    const { tenantId, userId } = mcpAuthOf(res.locals);
    try {
      await limiter.consume(`${tenantId}:${userId}`, calls);
      next();
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) return next(rejection);
      rejections?.rejected('mcp_calls');
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      next(
        new RateLimitedError(
          seconds,
          `At most ${settings.points} tool calls per minute; retry after the number of seconds in Retry-After.`,
        ),
      );
    }
  };
}
