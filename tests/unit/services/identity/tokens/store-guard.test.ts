import { UnavailableError } from '../../../../../shared/errors';
import { STORE_RETRY_AFTER_SECONDS, guardStore } from '../../../../../services/identity/tokens/store-guard';

class Spent extends Error {}
const isSpent = (rejection: unknown) => rejection instanceof Spent;

describe('guardStore', () => {
  it('passes an answer through', async () => {
    await expect(guardStore(50, isSpent, async () => 7)).resolves.toBe(7);
  });

  it('passes a refusal (a spent budget) through as it is', async () => {
    const spent = new Spent();
    await expect(guardStore(50, isSpent, () => Promise.reject(spent))).rejects.toBe(spent);
  });

  it('turns a store failure into 503 unavailable with a Retry-After', async () => {
    const err = await guardStore(50, isSpent, () => Promise.reject(new Error('Redis connection is not ready'))).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UnavailableError);
    expect(err).toMatchObject({ status: 503, code: 'unavailable', retryAfterSeconds: STORE_RETRY_AFTER_SECONDS });
  });

  it('gives up on a store that does not answer within the limit', async () => {
    jest.useFakeTimers();
    try {
      const pending = guardStore(500, isSpent, () => new Promise<never>(() => undefined));
      const settled = pending.catch((e: unknown) => e);
      jest.advanceTimersByTime(499);
      await Promise.resolve();
      let done = false;
      void settled.then(() => (done = true));
      await Promise.resolve();
      expect(done).toBe(false);
      jest.advanceTimersByTime(1);
      expect(await settled).toBeInstanceOf(UnavailableError);
    } finally {
      jest.useRealTimers();
    }
  });
});
