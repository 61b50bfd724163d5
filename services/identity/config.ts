import { z } from 'zod';
import { httpConfigSchema } from '../../shared/config';
import { originListSchema } from '../../shared/http/allowed-origins';
import { trustProxySchema, type TrustProxy } from '../../shared/http/trust-proxy';

const positiveInt = z.coerce.number().int().positive();

/**
 * The identity process's environment. IDENTITY_ISSUER is the public base URL tokens name as `iss`; outside
 * production it defaults to the process's own address, in production it must be set.
 */
export const identityConfigSchema = httpConfigSchema
  .extend({
    IDENTITY_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    IDENTITY_AUDIENCE: z.string().min(1).default('aisle-business-api'),
    // Resource servers (RFC 8707) a client may ask a token for, e.g. the tool server's URL; comma-separated.
    IDENTITY_RESOURCES: z
      .string()
      .default('')
      .transform((raw) =>
        raw
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/ }))),
    ACCESS_TOKEN_TTL_SECONDS: positiveInt.min(60).max(86_400).default(900),
    TOKEN_BUDGET_POINTS: positiveInt.default(20),
    TOKEN_BUDGET_WINDOW_SECONDS: positiveInt.default(60),
    FAILED_ATTEMPTS_PER_IP: positiveInt.default(20),
    FAILED_ATTEMPTS_WINDOW_SECONDS: positiveInt.default(900),
    FAILED_ATTEMPTS_PER_CLIENT: positiveInt.default(100),
    RATE_LIMIT_STORE_TIMEOUT_MS: positiveInt.max(10_000).default(500),
    TRUST_PROXY: trustProxySchema,
    RATE_LIMIT_KEY_PREFIX: z.string().min(1).default('aisle:identity'),
    // Browser apps that exchange their authorization code here from the page (the admin console); comma-separated
    // origins.
    IDENTITY_ALLOWED_ORIGINS: originListSchema,
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.IDENTITY_ISSUER, {
    path: ['IDENTITY_ISSUER'],
    message: 'required in production (the public URL of the identity provider)',
  });

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

/** What the identity app itself needs: the process-level variables (URLs, port, log level) stay in main. */
export type IdentitySettings = {
  issuer: string;
  audience: string;
  /** Resource indicators (RFC 8707) a token may be issued for; its `aud` is then that resource. */
  resources: string[];
  tokenTtlSeconds: number;
  budget: { points: number; windowSeconds: number };
  failedAttemptsPerIp: { points: number; windowSeconds: number };
  /** Failures for one client id (from any address) past which each further failure blocks its address. */
  failedAttemptsPerClient: { points: number; windowSeconds: number };
  rateLimitKeyPrefix: string;
  /** How long a token request waits for Redis before answering 503. */
  storeTimeoutMs: number;
  /** Which proxies' X-Forwarded-For to believe for the caller's address (the failure budget's key). */
  trustProxy: TrustProxy;
  /** Origins whose pages may call the token endpoint cross-origin (browser clients of the code flow). */
  corsOrigins: readonly string[];
};

/** Derives the app's settings from the parsed environment. */
export function identitySettings(config: IdentityConfig): IdentitySettings {
  return {
    issuer: config.IDENTITY_ISSUER ?? `http://${config.HOST}:${config.PORT}`,
    audience: config.IDENTITY_AUDIENCE,
    resources: config.IDENTITY_RESOURCES,
    tokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    budget: { points: config.TOKEN_BUDGET_POINTS, windowSeconds: config.TOKEN_BUDGET_WINDOW_SECONDS },
    failedAttemptsPerIp: {
      points: config.FAILED_ATTEMPTS_PER_IP,
      windowSeconds: config.FAILED_ATTEMPTS_WINDOW_SECONDS,
    },
    failedAttemptsPerClient: {
      points: config.FAILED_ATTEMPTS_PER_CLIENT,
      windowSeconds: config.FAILED_ATTEMPTS_WINDOW_SECONDS,
    },
    rateLimitKeyPrefix: config.RATE_LIMIT_KEY_PREFIX,
    storeTimeoutMs: config.RATE_LIMIT_STORE_TIMEOUT_MS,
    trustProxy: config.TRUST_PROXY,
    corsOrigins: config.IDENTITY_ALLOWED_ORIGINS,
  };
}
