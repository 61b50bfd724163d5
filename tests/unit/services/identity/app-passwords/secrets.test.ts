import {
  hashSecret,
  newClientId,
  newClientSecret,
  secretMatches,
} from '../../../../../services/identity/app-passwords/secrets';

describe('app password secrets', () => {
  it('makes distinct, prefixed, URL-safe ids and 256-bit secrets', () => {
    const secret = newClientSecret();
    expect(secret).toMatch(/^aisle_sk_[A-Za-z0-9_-]{43}$/);
    expect(newClientId()).toMatch(/^ap_[A-Za-z0-9_-]{16}$/);
    expect(newClientSecret()).not.toBe(secret);
    expect(newClientId()).not.toBe(newClientId());
  });

  it('stores a hash that matches only its own secret', () => {
    const secret = newClientSecret();
    const stored = hashSecret(secret);
    expect(stored).not.toContain(secret);
    expect(secretMatches(secret, stored)).toBe(true);
    expect(secretMatches(`${secret}x`, stored)).toBe(false);
    expect(secretMatches(secret, 'not-hex')).toBe(false);
  });
});
