import { mkdtemp, rm, stat, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT, jwtVerify, importJWK } from 'jose';
import { loadOrCreateSigningKey, signingKeyPath } from '../../../../services/identity/signing-keys';

describe('loadOrCreateSigningKey', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'aisle-keys-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('creates an ES256 private JWK readable by its owner only', async () => {
    const key = await loadOrCreateSigningKey(dir);
    const file = signingKeyPath(dir);
    expect(file).toBe(path.join(dir, 'identity', 'signing-key.json'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, 'utf8'));
    expect(stored).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: key.kid, d: expect.any(String) });
    expect(key.publicJwk).not.toHaveProperty('d');
  });

  it('reuses the stored key on the next start: tokens signed before verify after', async () => {
    const first = await loadOrCreateSigningKey(dir);
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).sign(first.privateKey);
    const second = await loadOrCreateSigningKey(dir);
    expect(second.kid).toBe(first.kid);
    await expect(jwtVerify(token, await importJWK(second.publicJwk, 'ES256'))).resolves.toBeDefined();
  });

  it('settles on one key when several processes start at once', async () => {
    const keys = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateSigningKey(dir)));
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
  });
});
