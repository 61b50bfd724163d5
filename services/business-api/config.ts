import { z } from 'zod';
import { httpConfigSchema } from '../../shared/config';
import { originListSchema } from '../../shared/http/allowed-origins';
import { queueConfigSchema } from '../../shared/index-queue';
import { searchConfigSchema } from '../../shared/search/search-config';

// Under `npm start` the built-in identity provider listens here (docs/decisions.md, Foundation).
const EMBEDDED_ISSUER = 'http://127.0.0.1:3002';

/**
 * business-api's environment. AUTH_ISSUER and AUTH_AUDIENCE must match the tokens' `iss` and `aud`;
 * AUTH_JWKS_URL defaults to the issuer's `/.well-known/jwks.json`. In production AUTH_ISSUER must be
 * set (an external OIDC provider, or the built-in one's public URL); elsewhere it defaults to the
 * embedded identity process. MCP_RESOURCE_URL is the tool server's public URL (its tokens' audience);
 * it defaults to this process's own address.
 */
export const businessApiConfigSchema = httpConfigSchema
  .extend({
    AUTH_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    AUTH_AUDIENCE: z.string().min(1).default('aisle-business-api'),
    AUTH_JWKS_URL: z.url({ protocol: /^https?$/ }).optional(),
    MCP_RESOURCE_URL: z.url({ protocol: /^https?$/ }).optional(),
    MCP_ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((raw) =>
        raw
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      ),
    // Browser origins whose pages call /api/v1 with a bearer token (the admin console's); comma-separated.
    API_ALLOWED_ORIGINS: originListSchema,
    MCP_CALLS_PER_MINUTE: z.coerce.number().int().positive().default(60),
    ...searchConfigSchema.shape,
    ...queueConfigSchema.shape,
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.AUTH_ISSUER, {
    path: ['AUTH_ISSUER'],
    message: 'required in production (the issuer of the bearer tokens business-api accepts)',
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.MCP_RESOURCE_URL, {
    path: ['MCP_RESOURCE_URL'],
    message: 'required in production (the public URL of the tool server, e.g. https://api.example.com/mcp)',
  });

export type BusinessApiConfig = z.infer<typeof businessApiConfigSchema>;

/** The token-verification settings derived from the environment. */
export function authSettings(config: BusinessApiConfig): { issuer: string; audience: string; jwksUrl: string } {
  const issuer = config.AUTH_ISSUER ?? EMBEDDED_ISSUER;
  const jwksUrl = config.AUTH_JWKS_URL ?? `${issuer.replace(/\/+$/, '')}/.well-known/jwks.json`;
  return { issuer, audience: config.AUTH_AUDIENCE, jwksUrl };
}

/** The tool server's public URL: configured, or this process's own /mcp. */
export const mcpResourceUrl = (config: BusinessApiConfig): string =>
  config.MCP_RESOURCE_URL ?? `http://${config.HOST}:${config.PORT}/mcp`;
