import { parseTrustProxy } from '../../../../shared/http/trust-proxy';

describe('parseTrustProxy', () => {
  it.each([[undefined], [''], ['  '], ['false'], ['0']])('trusts no proxy for %p', (raw) => {
    expect(parseTrustProxy(raw)).toBe(false);
  });

  it('reads a hop count', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 3 ')).toBe(3);
  });

  it('reads addresses, subnets and range names', () => {
    expect(parseTrustProxy('loopback,10.1.2.3, 192.168.0.0/16,fd00::/8,::1')).toEqual([
      'loopback',
      '10.1.2.3',
      '192.168.0.0/16',
      'fd00::/8',
      '::1',
    ]);
  });

  it('refuses true, which would trust any client-written X-Forwarded-For', () => {
    expect(parseTrustProxy('true')).toEqual(
      new Error('`true` would trust any client-written X-Forwarded-For; give the number of proxies or their addresses'),
    );
  });

  it.each(['10.0.0.0/33', 'fd00::/129', '10.0.0.1/8/1', 'proxy.local', '10.0.0.0/', '1.2.3.4,,5.6.7.8', '-1'])(
    'refuses %s',
    (raw) => {
      expect(parseTrustProxy(raw)).toBeInstanceOf(Error);
    },
  );
});
