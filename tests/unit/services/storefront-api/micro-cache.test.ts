import { MicroCache, prepareBody } from '../../../../services/storefront-api/http/micro-cache';

describe('MicroCache', () => {
  afterEach(() => jest.useRealTimers());

  it('computes identical reads once within the interval, sharing one computation between concurrent ones', async () => {
    const cache = new MicroCache(1000);
    let calls = 0;
    const compute = async () => ({ n: ++calls });
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect(calls).toBe(1);
    expect(a).toBe(b);
    expect(JSON.parse(a.json.toString())).toEqual({ n: 1 });
    expect(a.etag).toBe(prepareBody({ n: 1 }).etag);
    expect((await cache.get('other', compute)).json.toString()).toBe('{"n":2}');
  });

  it('computes again once the interval has passed, and never keeps a failure', async () => {
    jest.useFakeTimers({ now: 0 });
    const cache = new MicroCache(1000);
    let calls = 0;
    const compute = async () => ({ n: ++calls });
    await cache.get('k', compute);
    jest.setSystemTime(999);
    expect((await cache.get('k', compute)).json.toString()).toBe('{"n":1}');
    jest.setSystemTime(1000);
    expect((await cache.get('k', compute)).json.toString()).toBe('{"n":2}');
    await expect(
      cache.get('bad', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await cache.get('bad', compute)).json.toString()).toBe('{"n":3}');
  });

  it('with a zero interval answers every read fresh, and holds at most its bound of entries', async () => {
    let calls = 0;
    const fresh = new MicroCache(0);
    await fresh.get('k', async () => ++calls);
    await fresh.get('k', async () => ++calls);
    expect(calls).toBe(2);
    const small = new MicroCache(60_000, { maxEntries: 2, maxBytes: 1 << 20 });
    for (const key of ['a', 'b', 'c']) await small.get(key, async () => key);
    let recomputed = false;
    await small.get('a', async () => (recomputed = true));
    expect(recomputed).toBe(true);
  });

  it('keeps a read with a serving token until the token changes, however long that takes', async () => {
    jest.useFakeTimers({ now: 0 });
    const cache = new MicroCache(1000);
    let calls = 0;
    const compute = async () => ({ n: ++calls });
    await cache.get('k', compute, 'idx#1');
    jest.setSystemTime(3_600_000);
    expect((await cache.get('k', compute, 'idx#1')).json.toString()).toBe('{"n":1}');
    expect((await cache.get('k', compute, 'idx#2')).json.toString()).toBe('{"n":2}');
    // An answer kept under a token is not an answer to a read without one, and the other way round.
    expect((await cache.get('k', compute)).json.toString()).toBe('{"n":3}');
    expect((await cache.get('k', compute, 'idx#2')).json.toString()).toBe('{"n":4}');
  });

  it('with a zero interval keeps nothing, token or not', async () => {
    const off = new MicroCache(0);
    let calls = 0;
    await off.get('k', async () => ++calls, 'idx#1');
    await off.get('k', async () => ++calls, 'idx#1');
    expect(calls).toBe(2);
  });

  it('evicts the least recently used entries once the bodies pass the byte bound', async () => {
    const cache = new MicroCache(60_000, { maxEntries: 100, maxBytes: 25 });
    const body = (c: string) => async () => c.repeat(8);
    for (const key of ['a', 'b']) await cache.get(key, body(key), 't');
    await cache.get('a', body('a'), 't');
    // Three 10-byte bodies pass 25 bytes: `b`, used least recently, goes.
    await cache.get('c', body('c'), 't');
    const recomputed: string[] = [];
    const probe = (key: string) => cache.get(key, async () => recomputed.push(key), 't');
    await probe('a');
    await probe('b');
    expect(recomputed).toEqual(['b']);
  });

  it('gives equal bodies equal strong ETags and different bodies different ones', () => {
    expect(prepareBody({ a: 1 }).etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(prepareBody({ a: 1 }).etag).toBe(prepareBody({ a: 1 }).etag);
    expect(prepareBody({ a: 1 }).etag).not.toBe(prepareBody({ a: 2 }).etag);
  });
});
