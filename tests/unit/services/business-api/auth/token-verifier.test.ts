import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { TokenRejectedError, createTokenVerifier } from '../../../../../services/business-api/auth/token-verifier';

const issuer = 'https://id.example';
const audience = 'aisle-business-api';

type Keys = { privateKey: CryptoKey; publicJwk: JWK };
async function keyPair(kid: string): Promise<Keys> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256' } };
}

const now = () => Math.floor(Date.now() / 1000);

async function sign(
  keys: Keys,
  claims: Record<string, unknown> = {},
  options: { exp?: number; iss?: string; aud?: string } = {},
) {
  return new SignJWT({ iid: 7, scope: 'read write payment_manage', ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: keys.publicJwk.kid })
    .setIssuer(options.iss ?? issuer)
    .setAudience(options.aud ?? audience)
    .setSubject('42')
    .setIssuedAt()
    .setExpirationTime(options.exp ?? now() + 300)
    .sign(keys.privateKey);
}

describe('createTokenVerifier', () => {
  let keys: Keys;
  let verify: ReturnType<typeof createTokenVerifier>;
  beforeAll(async () => {
    keys = await keyPair('k1');
    verify = createTokenVerifier({ keys: createLocalJWKSet({ keys: [keys.publicJwk] }), issuer, audience });
  });

  it('returns the caller: tenant from iid, user from sub, scopes and permissions', async () => {
    expect(await verify(await sign(keys))).toEqual({
      tenantId: 7,
      userId: '42',
      scopes: ['read', 'write', 'payment_manage'],
      permissions: ['payment_manage'],
      readOnly: false,
      canRead: true,
    });
  });

  it('accepts an iid sent as a numeric string', async () => {
    expect((await verify(await sign(keys, { iid: '12' }))).tenantId).toBe(12);
  });

  it.each([
    ['expired', () => sign(keys, {}, { exp: now() - 120 })],
    ['wrong issuer', () => sign(keys, {}, { iss: 'https://evil.example' })],
    ['wrong audience', () => sign(keys, {}, { aud: 'someone-else' })],
    ['missing iid', () => sign(keys, { iid: undefined })],
    ['non-integer iid', () => sign(keys, { iid: 1.5 })],
    ['iid zero', () => sign(keys, { iid: 0 })],
    ['not a JWT', async () => 'not-a-jwt'],
    ['unknown key', async () => sign(await keyPair('k2'))],
  ])('rejects a token with %s', async (_name, token) => {
    await expect(verify(await token())).rejects.toBeInstanceOf(TokenRejectedError);
  });

  it('rejects a token signed by another key under the same kid', async () => {
    const impostor = await keyPair('k1');
    await expect(verify(await sign(impostor))).rejects.toBeInstanceOf(TokenRejectedError);
  });

  it('rejects an unsigned (alg none) token', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none' })}.${encode({ iss: issuer, aud: audience, sub: '1', iid: 7, exp: now() + 60 })}.`;
    await expect(verify(unsigned)).rejects.toBeInstanceOf(TokenRejectedError);
  });

  it('lets an outage (key source failing) through as something other than a rejection', async () => {
    const failing = createTokenVerifier({
      keys: async () => Promise.reject(new TypeError('fetch failed')),
      issuer,
      audience,
    });
    await expect(failing(await sign(keys))).rejects.toThrow(TypeError);
  });
});
