import { isS256Challenge } from './authorization-codes';
import { normalRedirectUri, type OAuthClient } from './clients';

/** An authorization request that may be shown to the user. */
export type AuthorizeRequest = {
  client: OAuthClient;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  resource: string | undefined;
  scope: string | undefined;
};

/**
 * Why a request cannot go on: before the client and redirect URI are trusted, only a page can say so
 * (RFC 6749 §4.1.2.1: never redirect to an unverified URI); after, the error goes back to the client.
 */
export type AuthorizeProblem =
  | { kind: 'page'; message: string }
  | { kind: 'redirect'; redirectUri: string; state: string | undefined; error: string; description: string };

export const AUTHORIZE_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
  'resource',
  'scope',
] as const;
export type AuthorizeParams = Partial<Record<(typeof AUTHORIZE_PARAMS)[number], string>>;

/** The authorization parameters of a query or form; a repeated one (an array) makes the request unreadable. */
export function readAuthorizeParams(source: Record<string, unknown>): AuthorizeParams | undefined {
  const params: AuthorizeParams = {};
  for (const name of AUTHORIZE_PARAMS) {
    const value = source[name];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string') return undefined;
    params[name] = value;
  }
  return params;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** Checks an authorization request against its registered client and the resources tokens are issued for. */
export function checkAuthorizeRequest(
  params: AuthorizeParams,
  client: OAuthClient | undefined,
  resources: readonly string[],
): AuthorizeRequest | AuthorizeProblem {
  if (!client) return { kind: 'page', message: 'Unknown client: the application must register first (client_id).' };
  // Registered URIs are stored in their normal form; one asked for is compared in it too.
  const asked =
    params.redirect_uri === undefined ? undefined : (normalRedirectUri(params.redirect_uri) ?? params.redirect_uri);
  const redirectUri = asked ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (redirectUri === undefined || !client.redirectUris.includes(redirectUri)) {
    return { kind: 'page', message: 'The redirect_uri is not one this client registered.' };
  }
  const { state } = params;
  const fail = (error: string, description: string): AuthorizeProblem => ({
    kind: 'redirect',
    redirectUri,
    state,
    error,
    description,
  });
  // RFC 6749 Appendix A: state and scope are printable characters (VSCHAR, NQCHAR), the others fixed forms.
  if (Object.values(params).some((value) => value !== undefined && CONTROL_CHARACTER.test(value)))
    return fail('invalid_request', 'A parameter holds a control character.');
  if (params.response_type !== 'code')
    return fail('unsupported_response_type', 'Only response_type=code is supported.');
  if (params.code_challenge_method !== 'S256' || !params.code_challenge || !isS256Challenge(params.code_challenge)) {
    return fail(
      'invalid_request',
      'PKCE is required: code_challenge (base64url SHA-256) with code_challenge_method=S256.',
    );
  }
  if (params.resource !== undefined && !resources.includes(params.resource))
    return fail('invalid_target', 'The resource is not one this provider issues tokens for.');
  return {
    client,
    redirectUri,
    state,
    codeChallenge: params.code_challenge,
    resource: params.resource,
    scope: params.scope,
  };
}

/** The client's redirect URI with the answer's parameters (and `iss`, RFC 9207) added. */
export function redirectWith(redirectUri: string, values: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
