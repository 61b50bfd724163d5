import { formatScope, parseScope } from '../../../../shared/auth/scopes';

describe('formatScope', () => {
  it('writes read, write for read-write, then permissions in canonical order', () => {
    expect(formatScope('read-write', ['quantity', 'payment_manage'])).toBe('read write payment_manage quantity');
  });

  it('writes only read for read-only', () => {
    expect(formatScope('read-only', [])).toBe('read');
  });
});

describe('parseScope', () => {
  it('round-trips formatScope', () => {
    expect(parseScope(formatScope('read-write', ['price']))).toEqual({
      scopes: ['read', 'write', 'price'],
      permissions: ['price'],
      canRead: true,
      readOnly: false,
    });
  });

  it('treats a token without write as read-only and keeps unknown scopes without granting them', () => {
    const parsed = parseScope('read  openid payment_manage');
    expect(parsed.readOnly).toBe(true);
    expect(parsed.permissions).toEqual(['payment_manage']);
    expect(parsed.scopes).toEqual(['read', 'openid', 'payment_manage']);
  });

  it('grants no access to an empty or foreign scope', () => {
    expect(parseScope('').canRead).toBe(false);
    expect(parseScope('openid profile').canRead).toBe(false);
  });
});
