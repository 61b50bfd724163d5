import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { createRedis, reportRedisErrors } from '../../../shared/redis';
import { startPrivateRedis, type PrivateRedis } from '../../support/private-redis';

// While Redis is away, a connection retries about once a second; the process log gets one warning for the loss
// and one line for the return, not a line per attempt (nor ioredis's console print of each unhandled error).
describe('reportRedisErrors', () => {
  let server: PrivateRedis;
  beforeAll(async () => {
    server = await startPrivateRedis();
  });
  afterAll(() => server.close());

  it('logs a lost connection once, and its return once', async () => {
    const lines: { msg: string; connection: string }[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => { lines.push(JSON.parse(chunk.toString())); done(); } });
    const redis = reportRedisErrors(createRedis(server.url, { retryStrategy: () => 100 }), pino(sink), 'test-connection');
    try {
      await redis.ping();
      await server.stop();
      // About 20 reconnect attempts, each failing with an error event.
      await sleep(2000);
      await server.start();
      for (let i = 0; i < 50 && redis.status !== 'ready'; i++) await sleep(100);
      expect(await redis.ping()).toBe('PONG');
      expect(lines.map((l) => [l.msg, l.connection])).toEqual([
        ['redis connection lost; retrying', 'test-connection'],
        ['redis connection back', 'test-connection'],
      ]);
    } finally {
      redis.disconnect();
    }
  });
});
