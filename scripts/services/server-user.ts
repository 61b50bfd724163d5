import path from 'node:path';
import { isRoot, run } from './exec';

// PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` system user.
export const SERVER_USER = 'postgres';

/** Runs a PostgreSQL program of `binDir`, as the `postgres` user when we are root. */
export function asServerUser(binDir: string, program: string, args: string[]): Promise<string> {
  const binary = path.join(binDir, program);
  const options = { detached: true };
  return isRoot() ? run('runuser', ['-u', SERVER_USER, '--', binary, ...args], options) : run(binary, args, options);
}

/**
 * True when the `postgres` user can search (`x`) every one of `dirsOrPrograms`: false when any ancestor, such as
 * a 0700 home directory, shuts it out. Only meaningful as root.
 */
export function serverUserCanReach(dirsOrPrograms: string[]): Promise<boolean> {
  const test = dirsOrPrograms.flatMap((p, i) => (i ? ['-a', '-x', p] : ['-x', p]));
  return run('runuser', ['-u', SERVER_USER, '--', 'test', ...test]).then(
    () => true,
    () => false,
  );
}

export async function ensureServerUser(): Promise<void> {
  const exists = await run('id', ['-u', SERVER_USER]).then(
    () => true,
    () => false,
  );
  if (!exists) await run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVER_USER]);
}

export async function serverUserIds(): Promise<[number, number]> {
  const [uid, gid] = await Promise.all([run('id', ['-u', SERVER_USER]), run('id', ['-g', SERVER_USER])]);
  return [Number(uid), Number(gid)];
}
