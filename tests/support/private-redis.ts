import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { freePort } from '../../scripts/services/free-port';

/**
 * A throwaway redis-server of one test file's own, for outage tests: the shared Redis every test uses must
 * never be stopped. `stop` kills it, `pause`/`resume` freeze it (connected but silent), `start` brings it
 * back on the same port, `close` kills it for good.
 */
export type PrivateRedis = {
  url: string;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  pause: () => void;
  resume: () => void;
  close: () => Promise<void>;
};

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitForPing(url);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGKILL');
    await exited;
  };
  const signal = (name: NodeJS.Signals) => () => {
    child?.kill(name);
  };
  await start();
  return { url, start, stop, pause: signal('SIGSTOP'), resume: signal('SIGCONT'), close: stop };
}

async function waitForPing(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined); // a refused probe is expected while the server starts
    const ok = await probe.connect().then(
      () => probe.ping(),
      () => undefined,
    );
    probe.disconnect();
    if (ok === 'PONG') return;
    await sleep(50);
  }
  throw new Error(`redis-server on ${url} did not answer`);
}
