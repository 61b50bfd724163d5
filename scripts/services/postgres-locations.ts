import { createHash } from 'node:crypto';
import path from 'node:path';

// Pure naming rules for the places the private PostgreSQL uses; the I/O lives in postgres-cluster.ts and
// reachable-binaries.ts.

/** Where a cluster keeps its data directory and server log. */
export type Cluster = { dir: string; data: string; log: string };

export const clusterIn = (dir: string): Cluster => ({
  dir,
  data: path.join(dir, 'data'),
  log: path.join(dir, 'server.log'),
});

/** `<DATA_DIR>/postgres`: the port file, the pointer file and, when the `postgres` user can reach it, the cluster. */
export type Home = { root: string; portFile: string; pointerFile: string; local: Cluster };

export function homeIn(dataDir: string): Home {
  const root = path.join(dataDir, 'postgres');
  return {
    root,
    portFile: path.join(root, 'port'),
    pointerFile: path.join(root, 'cluster-location'),
    local: clusterIn(root),
  };
}

/** The parts of the system directory (root-owned, outside any home) that hold what `postgres` must reach. */
export function systemLayout(systemDir: string): { binaries: string; clusters: string } {
  const base = path.join(systemDir, 'postgres');
  return { binaries: path.join(base, 'binaries'), clusters: path.join(base, 'clusters') };
}

/** One checkout's cluster in the system directory, keyed by the real path of its `<DATA_DIR>/postgres`. */
export function externalClusterDir(systemDir: string, realRoot: string): string {
  return path.join(systemLayout(systemDir).clusters, sha256(realRoot).slice(0, 16));
}

/**
 * The directory name of one installed copy of the binaries: the version `postgres --version` printed, and a digest
 * of the `postgres` binary, so that two builds of one version never share a copy.
 */
export function binariesKey(versionOutput: string, postgresDigest: string): string {
  const version = /\d+(?:\.\d+)*/.exec(versionOutput)?.[0] ?? 'unknown';
  return `${version}-${postgresDigest.slice(0, 12)}`;
}

/** The cluster directory a pointer file names, or undefined when the text is not an absolute path. */
export function parsePointer(text: string): string | undefined {
  const dir = text.trim();
  return dir && path.isAbsolute(dir) && !dir.includes('\n') ? path.normalize(dir) : undefined;
}

export type Placement = 'local' | 'external' | 'unreachable';

/**
 * Where a checkout's cluster goes, when no pointer file names one: under `<DATA_DIR>/postgres` when the `postgres`
 * user can reach it; else a new cluster goes to the system directory, and an existing one is unreachable (moving
 * a cluster is left to its owner).
 */
export function placeCluster(state: { localReachable: boolean; localExists: boolean }): Placement {
  if (state.localReachable) return 'local';
  return state.localExists ? 'unreachable' : 'external';
}

export const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');
