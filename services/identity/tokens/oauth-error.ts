/** The error codes of RFC 6749 §5.2 this token endpoint answers with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_grant'
  | 'invalid_target'
  | 'invalid_client_metadata'
  | 'invalid_redirect_uri';

/** A token-endpoint failure, answered as `{error, error_description}` (RFC 6749 §5.2). */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export const invalidRequest = (description: string) => new OAuthError(400, 'invalid_request', description);

export const unsupportedGrantType = () =>
  new OAuthError(
    400,
    'unsupported_grant_type',
    'Only grant_type=client_credentials or authorization_code is supported.',
  );

export const invalidGrant = (description: string) => new OAuthError(400, 'invalid_grant', description);

/** RFC 8707 §2: the resource is unknown or not one tokens are issued for. */
export const invalidTarget = () =>
  new OAuthError(400, 'invalid_target', 'The resource is not one this provider issues tokens for.');

export const invalidScope = (description: string) => new OAuthError(400, 'invalid_scope', description);

/**
 * One answer for every client-authentication failure (unknown id, wrong secret, revoked, missing), so the
 * response never tells which part was wrong. RFC 6749 asks for `WWW-Authenticate` when Basic was used.
 */
export const invalidClient = (usedBasic: boolean) =>
  new OAuthError(
    401,
    'invalid_client',
    'Client authentication failed.',
    usedBasic ? { 'WWW-Authenticate': 'Basic realm="aisle-identity", charset="UTF-8"' } : {},
  );
