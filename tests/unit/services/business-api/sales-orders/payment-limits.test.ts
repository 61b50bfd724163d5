import { TtlCache } from '../../../../../services/business-api/sales-orders/payment/ttl-cache';
import { withTimeLimit } from '../../../../../services/business-api/sales-orders/payment/time-limit';

describe('TtlCache', () => {
  it('reuses a value until its time to live passes, and shares one load between concurrent reads', async () => {
    let now = 0;
    const cache = new TtlCache<number>(60_000, 10, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    now = 59_999;
    expect(await cache.get('a', load)).toBe(1);
    now = 60_000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('drops failed loads and evicts the oldest entries past its size', async () => {
    const cache = new TtlCache<string>(60_000, 2, () => 0);
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'up')).toBe('up');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z');
    expect(await cache.get('x', async () => 'reloaded')).toBe('reloaded');
  });
});

describe('withTimeLimit', () => {
  it('answers 503 unavailable past the limit and aborts the work', async () => {
    let aborted = false;
    const work = (signal: AbortSignal) =>
      new Promise<never>(() => signal.addEventListener('abort', () => (aborted = true)));
    await expect(withTimeLimit(20, work)).rejects.toMatchObject({ status: 503, code: 'unavailable' });
    expect(aborted).toBe(true);
  });

  it('passes results and errors of work that finishes in time', async () => {
    expect(await withTimeLimit(1_000, async () => 'ok')).toBe('ok');
    await expect(withTimeLimit(1_000, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});
