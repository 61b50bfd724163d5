import { z } from 'zod';
import { baseConfigSchema } from '../../shared/config';
import { identityEndpoints } from '../identity/discovery-routes';
import { ADMIN_CONSOLE_CLIENT_ID } from './console-client';

const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * The console's environment: no database and no Redis, only where the pages' two partners answer. Outside
 * production both default to the processes `npm start` runs; in production both must be set. The endpoints
 * follow from the issuer (the built-in provider's paths) unless an external provider's are given.
 */
export const consoleConfigSchema = baseConfigSchema
  .pick({ NODE_ENV: true, LOG_LEVEL: true, SHUTDOWN_TIMEOUT_MS: true })
  .extend({
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535),
    BUSINESS_API_URL: httpUrl.optional(),
    IDENTITY_ISSUER: httpUrl.optional(),
    ADMIN_CONSOLE_CLIENT_ID: z.string().min(1).max(100).default(ADMIN_CONSOLE_CLIENT_ID),
    ADMIN_AUTHORIZATION_ENDPOINT: httpUrl.optional(),
    ADMIN_TOKEN_ENDPOINT: httpUrl.optional(),
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.BUSINESS_API_URL, {
    path: ['BUSINESS_API_URL'],
    message: 'required in production (the public URL of business-api)',
  })
  .refine(
    (c) =>
      c.NODE_ENV !== 'production' || c.IDENTITY_ISSUER || (c.ADMIN_AUTHORIZATION_ENDPOINT && c.ADMIN_TOKEN_ENDPOINT),
    {
      path: ['IDENTITY_ISSUER'],
      message: 'required in production (or ADMIN_AUTHORIZATION_ENDPOINT and ADMIN_TOKEN_ENDPOINT)',
    },
  );

export type ConsoleConfig = z.infer<typeof consoleConfigSchema>;

/** What the pages are told in /config.json, and what the CSP lets them connect to. Nothing in it is secret. */
export type ConsoleSettings = {
  /** business-api's base URL; the pages call `${apiBaseUrl}/api/v1/storefront/...`. */
  apiBaseUrl: string;
  clientId: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
};

export function consoleSettings(config: ConsoleConfig): ConsoleSettings {
  const endpoints = identityEndpoints(config.IDENTITY_ISSUER ?? 'http://127.0.0.1:3002');
  return {
    apiBaseUrl: (config.BUSINESS_API_URL ?? 'http://127.0.0.1:3001').replace(/\/+$/, ''),
    clientId: config.ADMIN_CONSOLE_CLIENT_ID,
    authorizationEndpoint: config.ADMIN_AUTHORIZATION_ENDPOINT ?? endpoints.authorizationEndpoint,
    tokenEndpoint: config.ADMIN_TOKEN_ENDPOINT ?? endpoints.tokenEndpoint,
  };
}
