import { hashSecret } from '../../../../services/identity/app-passwords/secrets';
import { runAppPassword } from '../../../../scripts/cli/app-password';
import { UsageError } from '../../../../scripts/cli/command';
import { insertTenant } from '../../../support/identity';
import { createTestDb, type TestDb } from '../../../support/test-db';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe('npm run cli -- app-password', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    await insertTenant(t.db, 'demo');
  });
  afterAll(() => t.drop());

  const create = async (...extra: string[]) => {
    const c = capture();
    const code = await runAppPassword(
      t.db,
      ['create', '--tenant', 'demo', '--user', 'a@b.c', '--name', 'ERP sync', ...extra],
      c.io,
    );
    return { code, ...c };
  };
  const secretOf = (out: string[]) =>
    out
      .find((l) => l.includes('client_secret:'))
      ?.split(/\s+/)
      .pop() ?? '';

  it('creates an app password, creating the user, and prints the secret once, storing only its hash', async () => {
    const { code, out } = await create('--access', 'read-write', '--permissions', 'payment_manage,price,quantity');
    expect(code).toBe(0);
    const secret = secretOf(out);
    expect(secret).toMatch(/^aisle_sk_/);
    const row = await t.db('app_passwords').orderBy('id', 'desc').first();
    expect(row).toMatchObject({
      access: 'read-write',
      permissions: ['payment_manage', 'price', 'quantity'],
      secret_hash: hashSecret(secret),
    });
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(await t.db('users').where({ email: 'a@b.c' })).toHaveLength(1);

    const list = capture();
    expect(await runAppPassword(t.db, ['list', '--tenant', 'demo'], list.io)).toBe(0);
    expect(list.out.join('\n')).toContain('ERP sync');
    expect(list.out.join('\n')).not.toContain(secret);
    expect(list.out.join('\n')).not.toContain(row.secret_hash);
  });

  it('reuses the user for a second password of the same e-mail, whatever its case', async () => {
    await create();
    const c = capture();
    await runAppPassword(t.db, ['create', '--tenant', 'demo', '--user', 'A@B.C', '--name', 'second'], c.io);
    expect(await t.db('users').where({ email: 'a@b.c' })).toHaveLength(1);
  });

  it('lists as JSON, without hashes', async () => {
    const c = capture();
    await runAppPassword(t.db, ['list', '--tenant', 'demo', '--json'], c.io);
    const listed = JSON.parse(c.out.join('\n'));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed[0]).toMatchObject({ userEmail: 'a@b.c', access: expect.any(String), revokedAt: null });
    expect(listed[0]).not.toHaveProperty('secretHash');
  });

  it('revokes by id, once', async () => {
    const { out } = await create();
    const id = Number(/app password (\d+)/.exec(out[0] ?? '')?.[1]);
    const first = capture();
    expect(await runAppPassword(t.db, ['revoke', '--id', String(id)], first.io)).toBe(0);
    expect(first.out[0]).toMatch(/^Revoked/);
    expect((await t.db('app_passwords').where({ id }).first()).revoked_at).toBeInstanceOf(Date);
    const again = capture();
    expect(await runAppPassword(t.db, ['revoke', '--id', String(id)], again.io)).toBe(0);
    expect(again.out[0]).toMatch(/already revoked/);
    const missing = capture();
    expect(await runAppPassword(t.db, ['revoke', '--id', '999999'], missing.io)).toBe(1);
  });

  it('fails clearly for an unknown tenant and bad arguments', async () => {
    const c = capture();
    expect(await runAppPassword(t.db, ['create', '--tenant', 'nope', '--user', 'a@b.c', '--name', 'x'], c.io)).toBe(1);
    expect(c.err[0]).toMatch(/unknown tenant 'nope'/);
    await expect(runAppPassword(t.db, ['frobnicate'], c.io)).rejects.toBeInstanceOf(UsageError);
  });
});
