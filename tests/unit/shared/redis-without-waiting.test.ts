import { createRedis, withoutWaiting } from '../../../shared/redis';

// No server needed: a connection to a port nobody listens on is lost at once. The answered cases, and a real
// frozen server, run in tests/reliability/redis-outage.int.test.ts.
describe('withoutWaiting', () => {
  const outage = new Error('out');

  it('fails with the outage at once while the connection is lost, without calling', async () => {
    const redis = createRedis('redis://127.0.0.1:1');
    redis.on('error', () => undefined); // the refused connection is the point
    try {
      await new Promise((lost) => redis.once('reconnecting', lost));
      const call = jest.fn(async () => 'sent');
      await expect(withoutWaiting(redis, 60_000, () => outage, call)).rejects.toBe(outage);
      expect(call).not.toHaveBeenCalled();
    } finally {
      redis.disconnect();
    }
  });

  it('fails with the outage when the call has not answered in time', async () => {
    const redis = createRedis('redis://127.0.0.1:1', { lazyConnect: true });
    try {
      await expect(
        withoutWaiting(
          redis,
          20,
          () => outage,
          () => new Promise<string>(() => undefined),
        ),
      ).rejects.toBe(outage);
      await expect(
        withoutWaiting(
          redis,
          1000,
          () => outage,
          async () => 'answered',
        ),
      ).resolves.toBe('answered');
    } finally {
      redis.disconnect();
    }
  });
});
