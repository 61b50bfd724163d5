import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { findOrInstall } from './apt-install';
import { isAlive, run } from './exec';
import { preferredOrFreePort, readPortFile } from './free-port';

type Layout = { root: string; pidFile: string; portFile: string; log: string };
const layout = (dataDir: string): Layout => {
  const root = path.join(dataDir, 'redis');
  return {
    root,
    pidFile: path.join(root, 'redis.pid'),
    portFile: path.join(root, 'port'),
    log: path.join(root, 'redis.log'),
  };
};

export const redisUrl = (port: number) => `redis://127.0.0.1:${port}`;

/** Starts the private redis-server under `<dataDir>/redis` (or finds it running) and returns its URL. */
export async function ensureRedis(dataDir: string): Promise<{ url: string; started: boolean }> {
  const dirs = layout(dataDir);
  const running = await runningPort(dirs);
  if (running) return { url: redisUrl(running), started: false };
  const server = await findOrInstallRedis();
  await mkdir(dirs.root, { recursive: true });
  // The previous start's port when it is free: the URL stays the same across restarts.
  const port = await preferredOrFreePort(await readPortFile(dirs.portFile));
  await run(server, [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'yes',
    '--pidfile',
    dirs.pidFile,
    '--dir',
    dirs.root,
    '--logfile',
    dirs.log,
  ]);
  await writeFile(dirs.portFile, String(port));
  await waitForPing(port);
  return { url: redisUrl(port), started: true };
}

/** Stops the private redis-server if it runs; true when it was running. */
export async function stopRedis(dataDir: string): Promise<boolean> {
  const dirs = layout(dataDir);
  const pid = await readPid(dirs);
  if (!pid || !isAlive(pid)) return false;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(50);
  await rm(dirs.pidFile, { force: true });
  return true;
}

/** The URL of the running private instance, or undefined. */
export async function redisStatus(dataDir: string): Promise<string | undefined> {
  const port = await runningPort(layout(dataDir));
  return port ? redisUrl(port) : undefined;
}

async function runningPort(dirs: Layout): Promise<number | undefined> {
  const pid = await readPid(dirs);
  if (!pid || !isAlive(pid)) return undefined;
  const port = await readPortFile(dirs.portFile);
  return port && (await ping(port)) ? port : undefined;
}

/** redis-server, installed with apt-get when missing (root on Debian). */
const findOrInstallRedis = () =>
  findOrInstall('redis-server', 'redis-server', {
    howToInstall:
      'Install it (Debian/Ubuntu: `sudo apt-get install redis-server`; macOS: `brew install redis`) or set REDIS_URL to a running Redis >= 6.2.',
    takes: 'about 10 s',
  });

async function readPid(dirs: Layout): Promise<number | undefined> {
  const text = await readFile(dirs.pidFile, 'utf8').catch(() => '');
  return Number(text.trim()) || undefined;
}

async function ping(port: number): Promise<boolean> {
  const client = new Redis(redisUrl(port), { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function waitForPing(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await ping(port)) return;
    await sleep(50);
  }
  throw new Error(`redis-server did not answer on port ${port}`);
}
