import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { freePort } from '../../services/free-port';

/** A loopback port nothing listens on: connecting is refused, as with a stopped server. */
export const refusedPort = (): Promise<number> => freePort();

export type FrozenRedis = { url: string; close: () => Promise<void> };

/**
 * A redis-server of the benchmark's own that answered once (so clients are `ready`) and is then frozen with SIGSTOP:
 * connected, silent, the case only a time limit can catch. `close` thaws and kills it.
 */
export async function frozenRedis(onReady: (url: string) => Promise<void>): Promise<FrozenRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await waitForPing(url);
  await onReady(url);
  child.kill('SIGSTOP');
  return {
    url,
    close: async () => {
      const exited = once(child, 'exit');
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function waitForPing(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined); // a refused probe is expected while the server starts
    const answer = await probe.connect().then(
      () => probe.ping(),
      () => undefined,
    );
    probe.disconnect();
    if (answer === 'PONG') return;
    await sleep(50);
  }
  throw new Error(`redis-server on ${url} did not answer`);
}
