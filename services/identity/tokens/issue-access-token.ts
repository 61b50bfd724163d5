import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { AppPassword } from '../app-passwords/repository';
import type { IdentitySettings } from '../config';
import type { SigningKey } from '../signing-keys';

export type IssuedToken = { accessToken: string; expiresIn: number };

/**
 * Signs a short-lived access token for the app password's user (RFC 9068 shape): `sub` the user id,
 * `iid` the tenant id, `scope` as granted, plus iss, aud (the REST API, or the resource asked for), iat, exp, jti
 * and the client id.
 */
export async function issueAccessToken(
  key: SigningKey,
  settings: Pick<IdentitySettings, 'issuer' | 'audience' | 'tokenTtlSeconds'>,
  password: Pick<AppPassword, 'tenantId' | 'clientId' | 'userId'>,
  scope: string,
  audience: string = settings.audience,
): Promise<IssuedToken> {
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await new SignJWT({ iid: password.tenantId, scope, client_id: password.clientId })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'at+jwt' })
    .setIssuer(settings.issuer)
    .setAudience(audience)
    .setSubject(String(password.userId))
    .setIssuedAt(now)
    .setExpirationTime(now + settings.tokenTtlSeconds)
    .setJti(randomUUID())
    .sign(key.privateKey);
  return { accessToken, expiresIn: settings.tokenTtlSeconds };
}
