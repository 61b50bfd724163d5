import { chmod, chown, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { isAlive, isRoot, run } from './exec';
import { freePort, isPortInUse } from './free-port';
import { findPostgresBinDir } from './postgres-binaries';

export const DATABASE_NAME = 'aisle';
const SERVER_USER = 'postgres';

type Layout = { root: string; data: string; log: string; binDir: string };

const layout = async (dataDir: string): Promise<Layout> => {
  const root = path.join(dataDir, 'postgres');
  return { root, data: path.join(root, 'data'), log: path.join(root, 'server.log'), binDir: await findPostgresBinDir() };
};

export const postgresUrl = (port: number, database = DATABASE_NAME) =>
  `postgres://${SERVER_USER}@127.0.0.1:${port}/${database}`;

/** Starts the private PostgreSQL under `<dataDir>/postgres` (or finds it running) and returns its URL. */
export async function ensurePostgres(dataDir: string): Promise<{ url: string; started: boolean }> {
  const dirs = await layout(dataDir);
  const running = await runningPort(dirs);
  if (running) return { url: postgresUrl(running), started: false };
  if (!existsSync(path.join(dirs.data, 'PG_VERSION'))) await initCluster(dirs);
  const port = await choosePort(dirs);
  await asServerUser(dirs, 'pg_ctl', [
    'start', '-D', dirs.data, '-l', dirs.log, '-w', '-t', '60', '-s',
    '-o', `-p ${port} -h 127.0.0.1 -c unix_socket_directories='' -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
  ]);
  await writeFile(path.join(dirs.root, 'port'), String(port));
  await createDatabase(port);
  return { url: postgresUrl(port), started: true };
}

/** Stops the private PostgreSQL if it runs; true when it was running. */
export async function stopPostgres(dataDir: string): Promise<boolean> {
  const dirs = await layout(dataDir);
  if (!(await runningPort(dirs))) return false;
  await asServerUser(dirs, 'pg_ctl', ['stop', '-D', dirs.data, '-m', 'fast', '-w', '-s']);
  return true;
}

/** The URL of the running private instance, or undefined. */
export async function postgresStatus(dataDir: string): Promise<string | undefined> {
  const port = await runningPort(await layout(dataDir));
  return port ? postgresUrl(port) : undefined;
}

/** The port of the running instance, from its postmaster.pid (pid on line 1, port on line 4), or undefined. */
async function runningPort(dirs: Pick<Layout, 'data'>): Promise<number | undefined> {
  const lines = (await readFile(path.join(dirs.data, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  return pid && isAlive(pid) && port && (await isPortInUse(port)) ? port : undefined;
}

async function initCluster(dirs: Layout): Promise<void> {
  await mkdir(dirs.root, { recursive: true });
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
  if (isRoot()) {
    await ensureServerUser();
    await chmod(path.dirname(dirs.root), 0o755);
    await chown(dirs.root, ...(await serverUserIds()));
  }
  await asServerUser(dirs, 'initdb', ['-D', dirs.data, '-U', SERVER_USER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
}

async function choosePort(dirs: Layout): Promise<number> {
  const previous = Number(await readFile(path.join(dirs.root, 'port'), 'utf8').catch(() => '0'));
  return previous && !(await isPortInUse(previous)) ? previous : freePort();
}

async function createDatabase(port: number): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl(port, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (!rowCount) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

async function asServerUser(dirs: Pick<Layout, 'binDir'>, program: string, args: string[]): Promise<string> {
  const binary = path.join(dirs.binDir, program);
  const options = { detached: true };
  return isRoot() ? run('runuser', ['-u', SERVER_USER, '--', binary, ...args], options) : run(binary, args, options);
}

async function ensureServerUser(): Promise<void> {
  const exists = await run('id', ['-u', SERVER_USER]).then(() => true, () => false);
  if (!exists) await run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVER_USER]);
}

async function serverUserIds(): Promise<[number, number]> {
  const [uid, gid] = await Promise.all([run('id', ['-u', SERVER_USER]), run('id', ['-g', SERVER_USER])]);
  return [Number(uid), Number(gid)];
}
