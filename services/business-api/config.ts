import { z } from 'zod';
import { httpConfigSchema } from '../../shared/config';

// Under `npm start` the built-in identity provider listens here (docs/decisions.md, Foundation).
const EMBEDDED_ISSUER = 'http://127.0.0.1:3002';

/**
 * business-api's environment. AUTH_ISSUER and AUTH_AUDIENCE must match the tokens' `iss` and `aud`;
 * AUTH_JWKS_URL defaults to the issuer's `/.well-known/jwks.json`. In production AUTH_ISSUER must be
 * set (an external OIDC provider, or the built-in one's public URL); elsewhere it defaults to the
 * embedded identity process.
 */
export const businessApiConfigSchema = httpConfigSchema
  .extend({
    AUTH_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    AUTH_AUDIENCE: z.string().min(1).default('aisle-business-api'),
    AUTH_JWKS_URL: z.url({ protocol: /^https?$/ }).optional(),
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.AUTH_ISSUER, {
    path: ['AUTH_ISSUER'],
    message: 'required in production (the issuer of the bearer tokens business-api accepts)',
  });

export type BusinessApiConfig = z.infer<typeof businessApiConfigSchema>;

/** The token-verification settings derived from the environment. */
export function authSettings(config: BusinessApiConfig): { issuer: string; audience: string; jwksUrl: string } {
  const issuer = config.AUTH_ISSUER ?? EMBEDDED_ISSUER;
  const jwksUrl = config.AUTH_JWKS_URL ?? `${issuer.replace(/\/+$/, '')}/.well-known/jwks.json`;
  return { issuer, audience: config.AUTH_AUDIENCE, jwksUrl };
}
