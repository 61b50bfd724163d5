import { grantScope } from '../../../../../services/identity/tokens/grant-scope';

const grant = { access: 'read-write' as const, permissions: ['payment_manage' as const, 'price' as const] };

describe('grantScope', () => {
  it('grants everything when no scope is asked for', () => {
    expect(grantScope(grant, undefined)).toBe('read write payment_manage price');
    expect(grantScope(grant, '  ')).toBe('read write payment_manage price');
  });

  it('narrows to the asked subset, always including read', () => {
    expect(grantScope(grant, 'price')).toBe('read price');
    expect(grantScope(grant, 'write')).toBe('read write');
  });

  it('refuses a scope beyond the grant with invalid_scope', () => {
    expect(() => grantScope({ access: 'read-only', permissions: [] }, 'read write')).toThrow(
      expect.objectContaining({ error: 'invalid_scope' }),
    );
    expect(() => grantScope(grant, 'quantity')).toThrow(expect.objectContaining({ error: 'invalid_scope' }));
  });
});
