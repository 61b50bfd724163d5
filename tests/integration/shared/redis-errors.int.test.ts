import { Writable } from 'node:stream';
import pino from 'pino';
import { createRedis, reportRedisErrors, type Redis } from '../../../shared/redis';
import { startPrivateRedis, type PrivateRedis } from '../../support/private-redis';

/** Resolves once `done()` holds, checked now and at each `event` (events.once would reject on an 'error' event). */
function until(redis: Redis, event: string, done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!done()) return;
      redis.off(event, check);
      resolve();
    };
    redis.on(event, check);
    check();
  });
}

// While Redis is away, a connection retries about once a second; the process log gets one warning for the loss
// and one line for the return, not a line per attempt (nor ioredis's console print of each unhandled error).
describe('reportRedisErrors', () => {
  let server: PrivateRedis;
  beforeAll(async () => {
    server = await startPrivateRedis();
  });
  afterAll(() => server.close());

  it('logs each lost connection once, and its return once, however many reconnects fail', async () => {
    const lines: { msg: string; connection: string }[] = [];
    const sink = new Writable({
      write: (chunk: Buffer, _enc, done) => {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const redis = reportRedisErrors(
      createRedis(server.url, { retryStrategy: () => 20 }),
      pino(sink),
      'test-connection',
    );
    // Counted without an error listener of the test's own, which would stand in for the one under test.
    let reconnects = 0;
    redis.on('reconnecting', () => reconnects++);
    const outage = async () => {
      const logged = lines.length;
      await server.stop();
      // The first reconnect follows the loss; each one after it follows a failed attempt: at least four fail.
      const from = reconnects;
      await until(redis, 'reconnecting', () => reconnects - from >= 5);
      expect(lines.length - logged).toBe(1);
      await server.start();
      await until(redis, 'ready', () => redis.status === 'ready');
      expect(await redis.ping()).toBe('PONG');
    };
    try {
      await redis.ping();
      await outage();
      await outage();
      const lostAndBack = [
        ['redis connection lost; retrying', 'test-connection'],
        ['redis connection back', 'test-connection'],
      ];
      expect(lines.map((l) => [l.msg, l.connection])).toEqual([...lostAndBack, ...lostAndBack]);
      // ioredis prints each error no listener takes (jest's realm hides that print: its check is instanceof Error).
      expect(redis.listenerCount('error')).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });
});
