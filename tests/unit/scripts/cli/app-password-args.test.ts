import { parseCreateArgs, parseListArgs, parseRevokeArgs } from '../../../../scripts/cli/app-password-args';
import { UsageError } from '../../../../scripts/cli/command';

describe('app-password arguments', () => {
  it('parses create with access and a permission list', () => {
    const args = [
      '--tenant',
      'demo',
      '--user',
      'a@b.c',
      '--name',
      'ERP sync',
      '--access',
      'read-write',
      '--permissions',
      'payment_manage, price,quantity',
    ];
    expect(parseCreateArgs(args)).toEqual({
      tenant: 'demo',
      user: 'a@b.c',
      name: 'ERP sync',
      access: 'read-write',
      permissions: ['payment_manage', 'price', 'quantity'],
    });
  });

  it('defaults to read-only without permissions', () => {
    expect(parseCreateArgs(['--tenant', 'demo', '--user', 'a@b.c', '--name', 'n'])).toMatchObject({
      access: 'read-only',
      permissions: [],
    });
  });

  it.each([
    [['--tenant', 'demo', '--user', 'not-an-email', '--name', 'n'], /--user/],
    [['--tenant', 'demo', '--user', 'a@b.c', '--name', 'n', '--access', 'admin'], /read-only or read-write/],
    [['--tenant', 'demo', '--user', 'a@b.c', '--name', 'n', '--permissions', 'price,root'], /permissions are/],
    [['--tenant', 'demo', '--user', 'a@b.c'], /--name/],
    [['--tenant', 'demo', '--user', 'a@b.c', '--name', 'n', '--bogus', 'x'], /bogus/],
  ])('refuses %j', (args, message) => {
    expect(() => parseCreateArgs(args)).toThrow(UsageError);
    expect(() => parseCreateArgs(args)).toThrow(message);
  });

  it('parses list and revoke', () => {
    expect(parseListArgs(['--tenant', 'demo', '--json'])).toEqual({ tenant: 'demo', json: true });
    expect(parseRevokeArgs(['--id', '12'])).toEqual({ id: 12 });
    expect(() => parseRevokeArgs(['--id', 'x'])).toThrow(UsageError);
  });
});
