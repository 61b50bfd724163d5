import path from 'node:path';
import { isRoot, run } from './exec';

// PostgreSQL and Elasticsearch refuse to run as root: as root, each runs as a system user of its own.
export const SERVER_USER = 'postgres';
export const SEARCH_USER = 'elasticsearch';

/** Runs a PostgreSQL program of `binDir`, as the `postgres` user when we are root. */
export function asServerUser(binDir: string, program: string, args: string[]): Promise<string> {
  const binary = path.join(binDir, program);
  const options = { detached: true };
  return isRoot() ? run('runuser', ['-u', SERVER_USER, '--', binary, ...args], options) : run(binary, args, options);
}

/**
 * True when `user` can search (`x`) every one of `dirsOrPrograms`: false when any ancestor, such as a 0700 home
 * directory, shuts it out. Only meaningful as root.
 */
export function serverUserCanReach(dirsOrPrograms: string[], user = SERVER_USER): Promise<boolean> {
  const test = dirsOrPrograms.flatMap((p, i) => (i ? ['-a', '-x', p] : ['-x', p]));
  return run('runuser', ['-u', user, '--', 'test', ...test]).then(
    () => true,
    () => false,
  );
}

export async function ensureServerUser(user = SERVER_USER): Promise<void> {
  const exists = await run('id', ['-u', user]).then(
    () => true,
    () => false,
  );
  if (!exists) await run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', user]);
}

export async function serverUserIds(user = SERVER_USER): Promise<[number, number]> {
  const [uid, gid] = await Promise.all([run('id', ['-u', user]), run('id', ['-g', user])]);
  return [Number(uid), Number(gid)];
}
