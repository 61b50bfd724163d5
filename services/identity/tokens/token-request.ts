import { z } from 'zod';
import { invalidClient, invalidRequest, unsupportedGrantType } from './oauth-error';

/** A client-credentials request, once its client authentication has been located. */
export type TokenRequest = {
  clientId: string;
  clientSecret: string;
  scope: string | undefined;
  usedBasic: boolean;
  /** RFC 8707 resource indicator: the token's audience, when given. */
  resource?: string | undefined;
};

// Unknown parameters are ignored (RFC 6749 §3.2); a repeated one arrives as an array and is refused.
const paramsSchema = z.object({
  grant_type: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  scope: z.string().optional(),
  resource: z.string().optional(),
});

const MAX_CLIENT_ID_LENGTH = 128;

/**
 * Reads a client-credentials request from its form or JSON body and Authorization header (RFC 6749 §4.4,
 * client authentication by HTTP Basic or body parameters, §2.3.1). Throws OAuthError on anything else.
 */
export function parseTokenRequest(body: unknown, authorization: string | undefined): TokenRequest {
  const parsed = paramsSchema.safeParse(typeof body === 'object' && body !== null ? body : {});
  if (!parsed.success) throw invalidRequest('Each parameter must be a single string.');
  const params = parsed.data;
  if (!params.grant_type) throw invalidRequest('grant_type is required.');
  if (params.grant_type !== 'client_credentials') throw unsupportedGrantType();

  const basic = authorization === undefined ? undefined : parseBasic(authorization);
  if (basic && (params.client_secret !== undefined || (params.client_id && params.client_id !== basic.clientId))) {
    throw invalidRequest('Use one client authentication method: HTTP Basic or client_id/client_secret.');
  }
  const credentials = basic ?? { clientId: params.client_id, clientSecret: params.client_secret };
  const { clientId, clientSecret } = credentials;
  if (!clientId || !clientSecret || clientId.length > MAX_CLIENT_ID_LENGTH) throw invalidClient(basic !== undefined);
  return { clientId, clientSecret, scope: params.scope, usedBasic: basic !== undefined, resource: params.resource };
}

/** Credentials from `Basic base64(urlencode(id):urlencode(secret))`; undefined for other schemes. */
function parseBasic(header: string): { clientId: string; clientSecret: string } | undefined {
  const match = /^Basic +([A-Za-z0-9+/=_-]+) *$/i.exec(header);
  if (!match?.[1]) {
    if (/^Basic\b/i.test(header)) throw invalidClient(true);
    return undefined;
  }
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidClient(true);
  try {
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw invalidClient(true);
  }
}

const formDecode = (value: string): string => decodeURIComponent(value.replace(/\+/g, ' '));
