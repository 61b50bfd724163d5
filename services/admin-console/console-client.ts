import type { OAuthClient } from '../identity/oauth/clients';

/**
 * The console's fixed client id at the built-in identity provider (ADMIN_CONSOLE_CLIENT_ID overrides it for another
 * provider).
 */
export const ADMIN_CONSOLE_CLIENT_ID = 'aisle-admin-console';

/**
 * Where the identity provider sends the browser back with the code: one page of the console, on each origin it is
 * opened from.
 */
export const consoleRedirectUri = (origin: string): string => `${origin}/callback`;

/**
 * The console as a public client of the built-in identity provider (PKCE, no secret), for the origins it is served on.
 */
export const consoleClient = (origins: readonly string[], clientId = ADMIN_CONSOLE_CLIENT_ID): OAuthClient => ({
  clientId,
  clientName: 'Aisle admin console',
  redirectUris: origins.map(consoleRedirectUri),
});
