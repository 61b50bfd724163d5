import { randomBytes } from 'node:crypto';
import { mkdir, link, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

export const SIGNING_ALG = 'ES256';

/** The identity provider's signing key: the private key for signing, the public JWK for the JWKS. */
export type SigningKey = { alg: typeof SIGNING_ALG; kid: string; privateKey: CryptoKey; publicJwk: JWK };

/** Where the key lives under the data directory. */
export const signingKeyPath = (dataDir: string): string => path.join(dataDir, 'identity', 'signing-key.json');

/**
 * Loads the signing key from the data directory, generating and storing it (mode 0600) on first start, so
 * tokens issued before a restart still verify after it.
 */
export async function loadOrCreateSigningKey(dataDir: string): Promise<SigningKey> {
  const file = signingKeyPath(dataDir);
  const stored = await readJwk(file);
  return importSigningKey(stored ?? (await storeNewKey(file)));
}

async function readJwk(file: string): Promise<JWK | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as JWK;
  } catch (err) {
    if (isErrno(err, 'ENOENT')) return undefined;
    throw err;
  }
}

async function storeNewKey(file: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const stored: JWK = { ...jwk, alg: SIGNING_ALG, use: 'sig', kid: await calculateJwkThumbprint(jwk) };
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written aside and hard-linked into place: the link fails if another process got there first, and a
  // reader never sees a half-written file. Whoever loses the race uses the winner's key.
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, file);
    return stored;
  } catch (err) {
    if (!isErrno(err, 'EEXIST')) throw err;
    const winner = await readJwk(file);
    if (!winner) throw err;
    return winner;
  } finally {
    await unlink(temp);
  }
}

async function importSigningKey(jwk: JWK): Promise<SigningKey> {
  if (jwk.alg !== SIGNING_ALG || !jwk.kid || !jwk.d)
    throw new Error('stored signing key is not an ES256 private JWK with a kid');
  const privateKey = await importJWK(jwk, SIGNING_ALG);
  if (privateKey instanceof Uint8Array) throw new Error('stored signing key is symmetric');
  const { kty, crv, x, y, kid } = jwk;
  return { alg: SIGNING_ALG, kid, privateKey, publicJwk: { kty, crv, x, y, kid, alg: SIGNING_ALG, use: 'sig' } };
}

// Structural, not `instanceof Error`: errors from Node's own modules may come from another realm (jest).
const isErrno = (err: unknown, code: string): boolean =>
  typeof err === 'object' && err !== null && 'code' in err && err.code === code;
