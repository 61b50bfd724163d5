import { chmod, chown, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isAlive, isRoot, run } from './exec';
import { createDatabaseIfMissing, withAdminClient } from './database-admin';
import { isPortInUse, preferredOrFreePort, readPortFile } from './free-port';
import { findPostgresBinDir } from './postgres-binaries';

export const DATABASE_NAME = 'aisle';
const SERVER_USER = 'postgres';

type Layout = { root: string; data: string; log: string; portFile: string };

const layout = (dataDir: string): Layout => {
  const root = path.join(dataDir, 'postgres');
  return { root, data: path.join(root, 'data'), log: path.join(root, 'server.log'), portFile: path.join(root, 'port') };
};

export const postgresUrl = (port: number) => `postgres://${SERVER_USER}@127.0.0.1:${port}/${DATABASE_NAME}`;

/** Starts the private PostgreSQL under `<dataDir>/postgres` (or finds it running) and returns its URL. */
export async function ensurePostgres(dataDir: string): Promise<{ url: string; started: boolean }> {
  const dirs = layout(dataDir);
  const running = await runningPort(dirs);
  if (running) return { url: postgresUrl(running), started: false };
  const binDir = await findPostgresBinDir();
  if (!existsSync(path.join(dirs.data, 'PG_VERSION'))) await initCluster(dirs, binDir);
  // The previous start's port when it is free: the URL stays the same across restarts.
  const port = await preferredOrFreePort(await readPortFile(dirs.portFile));
  await asServerUser(binDir, 'pg_ctl', [
    'start', '-D', dirs.data, '-l', dirs.log, '-w', '-t', '60', '-s',
    '-o', `-p ${port} -h 127.0.0.1 -c unix_socket_directories='' -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
  ]);
  await writeFile(dirs.portFile, String(port));
  await withAdminClient(postgresUrl(port), (client) => createDatabaseIfMissing(client, DATABASE_NAME));
  return { url: postgresUrl(port), started: true };
}

/** Stops the private PostgreSQL if it runs; true when it was running. */
export async function stopPostgres(dataDir: string): Promise<boolean> {
  const dirs = layout(dataDir);
  if (!(await runningPort(dirs))) return false;
  await asServerUser(await findPostgresBinDir(), 'pg_ctl', ['stop', '-D', dirs.data, '-m', 'fast', '-w', '-s']);
  return true;
}

/** The URL of the running private instance, or undefined. */
export async function postgresStatus(dataDir: string): Promise<string | undefined> {
  const port = await runningPort(layout(dataDir));
  return port ? postgresUrl(port) : undefined;
}

/** The port of the running instance, from its postmaster.pid (pid on line 1, port on line 4), or undefined. */
async function runningPort(dirs: Layout): Promise<number | undefined> {
  const lines = (await readFile(path.join(dirs.data, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  return pid && isAlive(pid) && port && (await isPortInUse(port)) ? port : undefined;
}

async function initCluster(dirs: Layout, binDir: string): Promise<void> {
  await mkdir(dirs.root, { recursive: true });
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
  if (isRoot()) {
    await ensureServerUser();
    await chmod(path.dirname(dirs.root), 0o755);
    await chown(dirs.root, ...(await serverUserIds()));
  }
  await asServerUser(binDir, 'initdb', ['-D', dirs.data, '-U', SERVER_USER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
}

async function asServerUser(binDir: string, program: string, args: string[]): Promise<string> {
  const binary = path.join(binDir, program);
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
