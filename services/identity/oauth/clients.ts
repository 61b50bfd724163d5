import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../../shared/db/knex';
import { cannotBeStored } from '../../../shared/db/storable-text';
import { LOOPBACK_HOST_NAMES } from '../../../shared/http/loopback';
import { OAuthError } from '../tokens/oauth-error';

/** A client registered for the authorization-code flow: public (no secret), PKCE required. */
export type OAuthClient = { clientId: string; clientName: string; redirectUris: string[] };

// Control characters, spaces and backslashes: WHATWG URL parsing reads `http://127.0.0.1\\@evil.example/` as a loopback
// URL, other parsers (and people reading it) as evil.example. None belongs in a redirect URI.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern refuses
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f\\]/;
const AUTHORITY = /^[a-z][a-z\d+.-]*:\/\/([^/?#]*)/i;

/** Whether the raw path has a `.` or `..` segment (also percent-encoded), which a URL parser silently resolves. */
function hasDotSegment(raw: string): boolean {
  const path = raw.replace(AUTHORITY, '').split(/[?#]/)[0] ?? '';
  return path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
}

/**
 * The redirect URI as it is stored and compared (the parser's normal form), or null when it may not be registered:
 * https anywhere, or http on the loopback interface only (native and command-line clients, RFC 8252 §7.3); never
 * with a fragment (RFC 6749 §3.1.2), user information, dot-segments, a backslash, whitespace or a control character.
 */
export function normalRedirectUri(raw: string): string | null {
  if (UNSAFE_CHARACTERS.test(raw) || raw.includes('#') || AUTHORITY.exec(raw)?.[1]?.includes('@') || hasDotSegment(raw))
    return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOST_NAMES.has(url.hostname));
  return allowed ? url.href : null;
}

const metadataSchema = z.object({
  redirect_uris: z.array(z.string().max(2000)).min(1).max(10),
  // Shown on the consent page; a control character has no place there (and a NUL cannot be stored).
  client_name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern refuses
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters')
    .optional(),
  // Every client registered here is public (PKCE instead of a secret): a requested method is overridden (RFC 7591
  // §3.2.1).
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
});

const clientMetadataError = (description: string) => new OAuthError(400, 'invalid_client_metadata', description);

/** Validates RFC 7591 client metadata; throws OAuthError with the RFC's error codes. */
export function parseClientMetadata(body: unknown): { clientName: string; redirectUris: string[] } {
  const parsed = metadataSchema.safeParse(body);
  if (!parsed.success)
    throw clientMetadataError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; '),
    );
  const {
    redirect_uris: redirectUris,
    client_name: clientName,
    grant_types: grants,
    response_types: responses,
  } = parsed.data;
  const normal = redirectUris.map(normalRedirectUri);
  const bad = redirectUris.filter((_, i) => normal[i] === null);
  if (bad.length) {
    const listed = bad.map((uri) => JSON.stringify(uri)).join(' ');
    throw new OAuthError(
      400,
      'invalid_redirect_uri',
      `Use https, or http on 127.0.0.1/localhost, without a fragment, user information, dot-segments, ` +
        `backslashes or control characters: ${listed}`,
    );
  }
  if (grants && !grants.includes('authorization_code'))
    throw clientMetadataError('Only the authorization_code grant is registered here.');
  if (responses?.some((r) => r !== 'code')) throw clientMetadataError('Only response_type code is supported.');
  return { clientName: clientName ?? 'MCP client', redirectUris: [...new Set(normal as string[])] };
}

export async function registerClient(
  db: Db,
  metadata: { clientName: string; redirectUris: string[] },
): Promise<OAuthClient> {
  const clientId = `mcp_${randomBytes(16).toString('base64url')}`;
  await db('oauth_clients').insert({
    client_id: clientId,
    client_name: metadata.clientName,
    redirect_uris: metadata.redirectUris,
  });
  return { clientId, ...metadata };
}

/** The registered client, or undefined (a client id with a NUL names none: PostgreSQL text cannot hold one). */
export async function findClient(db: Db, clientId: string): Promise<OAuthClient | undefined> {
  if (cannotBeStored(clientId)) return undefined;
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
