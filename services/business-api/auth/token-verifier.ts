import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { parseScope } from '../../../shared/auth/scopes';
import type { AuthContext } from './auth-context';

/** Verifies a bearer token; throws TokenRejectedError for a bad token, anything else for an outage. */
export type TokenVerifier = (token: string) => Promise<AuthContext>;

/** The token is not acceptable (signature, expiry, issuer, audience, claims); `reason` is for the log only. */
export class TokenRejectedError extends Error {
  constructor(readonly reason: string) {
    super(`token rejected: ${reason}`);
    this.name = 'TokenRejectedError';
  }
}

export type VerifierOptions = {
  keys: JWTVerifyGetKey;
  issuer: string;
  audience: string;
  clockToleranceSeconds?: number;
};

const claimsSchema = z.object({
  sub: z.string().min(1),
  // External providers may send the instance id as a string; it must still be a positive 32-bit integer.
  iid: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^[1-9][0-9]{0,9}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(1).max(2_147_483_647)),
  scope: z.string().default(''),
});

// Failures that say the token is bad. Others (JWKS unreachable, timed out, malformed) are outages, not 401s.
const REJECTION_CODES = new Set([
  errors.JWTExpired.code,
  errors.JWTClaimValidationFailed.code,
  errors.JWTInvalid.code,
  errors.JWSInvalid.code,
  errors.JWSSignatureVerificationFailed.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
]);

/** A verifier for JWTs signed by `keys` (ES256 or RS256) for this issuer and audience. */
export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  return async (token) => {
    const payload = await jwtVerify(token, options.keys, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ['ES256', 'RS256'],
      requiredClaims: ['exp', 'sub'],
      clockTolerance: options.clockToleranceSeconds ?? 30,
    }).then(
      (result) => result.payload,
      (err: unknown) => {
        if (err instanceof errors.JOSEError && REJECTION_CODES.has(err.code)) throw new TokenRejectedError(err.code);
        throw err;
      },
    );
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success)
      throw new TokenRejectedError(`claims: ${claims.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    const { sub, iid, scope } = claims.data;
    return { tenantId: iid, userId: sub, ...parseScope(scope) };
  };
}

/** The key source for a JWKS URL: fetched on first use, cached, refetched when an unknown `kid` shows up. */
export const remoteKeys = (jwksUrl: string): JWTVerifyGetKey => createRemoteJWKSet(new URL(jwksUrl));

/** A verifier that accepts nothing: the safe default for an app built without one (health checks only). */
export const rejectAllTokens: TokenVerifier = async () => {
  throw new TokenRejectedError('no token verifier configured');
};
