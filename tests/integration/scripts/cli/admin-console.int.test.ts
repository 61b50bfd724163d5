import { registerConsole } from '../../../../scripts/cli/admin-console';
import { UsageError } from '../../../../scripts/cli/command';
import { findClient } from '../../../../services/identity/oauth/clients';
import { createTestDb, type TestDb } from '../../../support/test-db';

describe('npm run cli -- admin-console register', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.drop());

  const run = async (...args: string[]) => {
    const out: string[] = [];
    const code = await registerConsole(t.db, ['register', ...args], { out: (l) => out.push(l), err: () => undefined });
    return { code, out };
  };

  it('registers the console for its origins, and again for new ones (the client id stays)', async () => {
    expect((await run('--origin', 'https://admin.shop.example')).code).toBe(0);
    expect(await findClient(t.db, 'aisle-admin-console')).toEqual({
      clientId: 'aisle-admin-console',
      clientName: 'Aisle admin console',
      redirectUris: ['https://admin.shop.example/callback'],
    });
    const again = await run('--origin', 'https://admin.shop.example', '--origin', 'http://127.0.0.1:5174');
    expect(again.out[0]).toBe(
      'Registered the admin console (client aisle-admin-console) to sign in from: https://admin.shop.example/callback http://127.0.0.1:5174/callback',
    );
    expect((await findClient(t.db, 'aisle-admin-console'))?.redirectUris).toEqual([
      'https://admin.shop.example/callback',
      'http://127.0.0.1:5174/callback',
    ]);
  });

  it.each([
    [[]],
    [['--origin', 'http://admin.shop.example']],
    [['--origin', 'https://admin.shop.example/console']],
    [['--origin', 'https://me@admin.shop.example']],
    [['--origin', 'not a url']],
    [['--bogus', 'x']],
  ])('refuses %j, registering nothing new', async (args) => {
    const before = await findClient(t.db, 'aisle-admin-console');
    await expect(run(...args)).rejects.toBeInstanceOf(UsageError);
    expect(await findClient(t.db, 'aisle-admin-console')).toEqual(before);
  });
});
