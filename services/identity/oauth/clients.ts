import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../../shared/db/knex';
import { OAuthError } from '../tokens/oauth-error';

/** A client registered for the authorization-code flow: public (no secret), PKCE required. */
export type OAuthClient = { clientId: string; clientName: string; redirectUris: string[] };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether a redirect URI may be registered: https anywhere, or http on the loopback interface only (native
 * and command-line clients, RFC 8252 §7.3); never with a fragment (RFC 6749 §3.1.2).
 */
export function redirectUriAllowed(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.hash !== '' || raw.includes('#')) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

const metadataSchema = z.object({
  redirect_uris: z.array(z.string().max(2000)).min(1).max(10),
  client_name: z.string().trim().min(1).max(100).optional(),
  // Every client registered here is public (PKCE instead of a secret): a requested method is overridden (RFC 7591 §3.2.1).
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
});

const clientMetadataError = (description: string) => new OAuthError(400, 'invalid_client_metadata', description);

/** Validates RFC 7591 client metadata; throws OAuthError with the RFC's error codes. */
export function parseClientMetadata(body: unknown): { clientName: string; redirectUris: string[] } {
  const parsed = metadataSchema.safeParse(body);
  if (!parsed.success) throw clientMetadataError(parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; '));
  const { redirect_uris: redirectUris, client_name: clientName, grant_types: grants, response_types: responses } = parsed.data;
  const bad = redirectUris.filter((uri) => !redirectUriAllowed(uri));
  if (bad.length) throw new OAuthError(400, 'invalid_redirect_uri', `Use https, or http on 127.0.0.1/localhost, without a fragment: ${bad.join(' ')}`);
  if (grants && !grants.includes('authorization_code')) throw clientMetadataError('Only the authorization_code grant is registered here.');
  if (responses && responses.some((r) => r !== 'code')) throw clientMetadataError('Only response_type code is supported.');
  return { clientName: clientName ?? 'MCP client', redirectUris };
}

export async function registerClient(db: Db, metadata: { clientName: string; redirectUris: string[] }): Promise<OAuthClient> {
  const clientId = `mcp_${randomBytes(16).toString('base64url')}`;
  await db('oauth_clients').insert({ client_id: clientId, client_name: metadata.clientName, redirect_uris: metadata.redirectUris });
  return { clientId, ...metadata };
}

export async function findClient(db: Db, clientId: string): Promise<OAuthClient | undefined> {
  const row: { client_id: string; client_name: string; redirect_uris: string[] } | undefined = await db('oauth_clients')
    .where({ client_id: clientId })
    .first('client_id', 'client_name', 'redirect_uris');
  return row && { clientId: row.client_id, clientName: row.client_name, redirectUris: row.redirect_uris };
}

/**
 * Creates or updates a client under a fixed id, for first-party apps the operator sets up (the admin console):
 * unlike dynamic registration, its id is known in advance, and its redirect URIs follow the app's current address.
 */
export async function saveClient(db: Db, client: OAuthClient): Promise<void> {
  await db('oauth_clients')
    .insert({ client_id: client.clientId, client_name: client.clientName, redirect_uris: client.redirectUris })
    .onConflict('client_id')
    .merge(['client_name', 'redirect_uris']);
}
