import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isAlive, isRoot } from './exec';
import { ensureOpenDir } from './open-dir';
import {
  clusterIn,
  externalClusterDir,
  parsePointer,
  placeCluster,
  type Cluster,
  type Home,
} from './postgres-locations';
import { ProvisionError } from './provision-error';
import { asServerUser, ensureServerUser, SERVER_USER, serverUserCanReach, serverUserIds } from './server-user';

type Ids = [number, number];

/** The cluster of `<DATA_DIR>/postgres`: the one its pointer file names, else the one inside it. */
export async function currentCluster(home: Home): Promise<Cluster> {
  const pointer = parsePointer(await readFile(home.pointerFile, 'utf8').catch(() => ''));
  return pointer ? clusterIn(pointer) : home.local;
}

const hasCluster = (cluster: Cluster) => existsSync(path.join(cluster.data, 'PG_VERSION'));

/** The pid in a cluster's postmaster.pid (line 1) and the port (line 4) its server listens on. */
export async function postmaster(cluster: Cluster): Promise<{ pid: number; port: number } | undefined> {
  const lines = (await readFile(path.join(cluster.data, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  return pid && isAlive(pid) ? { pid, port } : undefined;
}

/**
 * A cluster the server can start on, initialized when there is none. As root it belongs to the `postgres` user and
 * lives inside `<DATA_DIR>/postgres` when that user can reach it; when a parent (a 0700 home) shuts it out, it
 * lives under the system directory instead, and the pointer file in `<DATA_DIR>/postgres` says where.
 */
export async function readyCluster(home: Home, binDir: string, systemDir: string): Promise<Cluster> {
  await mkdir(home.root, { recursive: true });
  const current = await currentCluster(home);
  if (!isRoot()) {
    if (!hasCluster(current)) await initCluster(current, binDir);
    return current;
  }
  await ensureServerUser();
  const ids = await serverUserIds();
  let cluster = current;
  if (current === home.local) cluster = await placeAsRoot(home, binDir, systemDir, ids);
  // A pointer naming a cluster whose directory was deleted since: it is made again where the pointer says.
  else if (!hasCluster(current)) await prepareExternal(current.dir, home, ids);
  if (!hasCluster(cluster)) await initCluster(cluster, binDir);
  return cluster;
}

async function placeAsRoot(home: Home, binDir: string, systemDir: string, ids: Ids): Promise<Cluster> {
  const localExists = hasCluster(home.local);
  // A new cluster's own directory is chowned to `postgres` below, so only the way to it matters.
  const localReachable = await serverUserCanReach([localExists ? home.local.data : path.dirname(home.root)]);
  const placement = placeCluster({ localReachable, localExists });
  if (placement === 'unreachable') {
    throw new ProvisionError(
      `The postgres user cannot reach the PostgreSQL cluster in ${home.local.data} (a parent directory shuts it out). ` +
        `Delete ${home.root} to make a new cluster under ${systemDir}, or set DATA_DIR to a directory it can reach.`,
    );
  }
  if (placement === 'local') {
    if (!localExists) await chown(home.root, ...ids);
    return home.local;
  }
  const dir = externalClusterDir(systemDir, await realpath(home.root));
  // Left by a `<DATA_DIR>/postgres` deleted to start afresh: a fresh cluster is what its owner asked for.
  await discardStale(clusterIn(dir), binDir);
  await prepareExternal(dir, home, ids);
  await writeFile(home.pointerFile, `${dir}\n`);
  return clusterIn(dir);
}

/** The cluster's own directory: `postgres`'s, 0700, with a note of the `<DATA_DIR>/postgres` it belongs to. */
async function prepareExternal(dir: string, home: Home, ids: Ids): Promise<void> {
  await ensureOpenDir(path.dirname(dir));
  await mkdir(dir, { recursive: true });
  await chown(dir, ...ids);
  await chmod(dir, 0o700);
  await writeFile(path.join(dir, 'belongs-to'), `${home.root}\n`);
}

async function discardStale(cluster: Cluster, binDir: string): Promise<void> {
  if (!existsSync(cluster.dir)) return;
  if (await postmaster(cluster)) {
    await asServerUser(binDir, 'pg_ctl', ['stop', '-D', cluster.data, '-m', 'immediate', '-w', '-s']);
  }
  await rm(cluster.dir, { recursive: true, force: true });
}

async function initCluster(cluster: Cluster, binDir: string): Promise<void> {
  await asServerUser(binDir, 'initdb', [
    '-D',
    cluster.data,
    '-U',
    SERVER_USER,
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
}
