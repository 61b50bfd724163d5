import { writeFile } from 'node:fs/promises';
import { createDatabaseIfMissing, withAdminClient } from './database-admin';
import { isPortInUse, preferredOrFreePort, readPortFile } from './free-port';
import type { PostgresOptions } from './paths';
import { findPostgresBinDir } from './postgres-binaries';
import { currentCluster, postmaster, readyCluster } from './postgres-cluster';
import { homeIn, type Cluster } from './postgres-locations';
import { reachableBinDir } from './reachable-binaries';
import { asServerUser, SERVER_USER } from './server-user';

export const DATABASE_NAME = 'aisle';

export const postgresUrl = (port: number) => `postgres://${SERVER_USER}@127.0.0.1:${port}/${DATABASE_NAME}`;

/** Starts the private PostgreSQL of `<dataDir>/postgres` (or finds it running) and returns its URL. */
export async function ensurePostgres(
  dataDir: string,
  options: PostgresOptions,
): Promise<{ url: string; started: boolean }> {
  const home = homeIn(dataDir);
  const running = await runningPort(await currentCluster(home));
  if (running) return { url: postgresUrl(running), started: false };
  const binDir = await serverBinDir(options);
  const cluster = await readyCluster(home, binDir, options.systemDir);
  // The previous start's port when it is free: the URL stays the same across restarts.
  const port = await preferredOrFreePort(await readPortFile(home.portFile));
  await asServerUser(binDir, 'pg_ctl', [
    'start',
    '-D',
    cluster.data,
    '-l',
    cluster.log,
    '-w',
    '-t',
    '60',
    '-s',
    '-o',
    `-p ${port} -h 127.0.0.1 -c unix_socket_directories='' -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
  ]);
  await writeFile(home.portFile, String(port));
  await withAdminClient(postgresUrl(port), (client) => createDatabaseIfMissing(client, DATABASE_NAME));
  return { url: postgresUrl(port), started: true };
}

/** Stops the private PostgreSQL if it runs; true when it was running. */
export async function stopPostgres(dataDir: string, options: PostgresOptions): Promise<boolean> {
  const cluster = await currentCluster(homeIn(dataDir));
  if (!(await runningPort(cluster))) return false;
  await asServerUser(await serverBinDir(options), 'pg_ctl', ['stop', '-D', cluster.data, '-m', 'fast', '-w', '-s']);
  return true;
}

/** The URL of the running private instance, or undefined. */
export async function postgresStatus(dataDir: string): Promise<string | undefined> {
  const port = await runningPort(await currentCluster(homeIn(dataDir)));
  return port ? postgresUrl(port) : undefined;
}

/** The binaries, in a place the `postgres` user can reach (see reachable-binaries.ts). */
async function serverBinDir(options: PostgresOptions): Promise<string> {
  return reachableBinDir(await findPostgresBinDir(options.binDir), options.systemDir);
}

async function runningPort(cluster: Cluster): Promise<number | undefined> {
  const server = await postmaster(cluster);
  return server?.port && (await isPortInUse(server.port)) ? server.port : undefined;
}
