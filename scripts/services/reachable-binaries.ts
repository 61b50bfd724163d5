import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { isRoot, run } from './exec';
import { ensureOpenDir } from './open-dir';
import { binariesKey, sha256, systemLayout } from './postgres-locations';
import { ProvisionError } from './provision-error';
import { ensureServerUser, serverUserCanReach } from './server-user';

const programs = (binDir: string) => ['initdb', 'pg_ctl', 'postgres'].map((name) => path.join(binDir, name));

/**
 * `binDir` when the `postgres` user can run its programs. As root, when an ancestor (a 0700 home directory) shuts
 * that user out, a copy of the installation (`binDir` with its sibling `lib` and `share`) that is installed once
 * per version under the system directory, root-owned and readable by all.
 */
export async function reachableBinDir(binDir: string, systemDir: string): Promise<string> {
  if (!isRoot()) return binDir;
  await ensureServerUser(); // else runuser fails on a machine without it, and every path looks unreachable
  if (await serverUserCanReach(programs(binDir))) return binDir;
  const postgres = path.join(binDir, 'postgres');
  const key = binariesKey(await run(postgres, ['--version']), sha256(await readFile(postgres)));
  const target = path.join(systemLayout(systemDir).binaries, key);
  if (!existsSync(target)) {
    console.log(`The postgres user cannot reach ${binDir}: copying the PostgreSQL binaries to ${target} (once)...`);
    await installCopy(binDir, target);
  }
  const copy = path.join(target, 'bin');
  if (!(await serverUserCanReach(programs(copy)))) {
    throw new ProvisionError(
      `The postgres user cannot run the PostgreSQL binaries in ${copy}: let it search ${systemDir} and its parents, ` +
        'set AISLE_SYSTEM_DIR to a directory it can reach, or set DATABASE_URL to a running server.',
    );
  }
  return copy;
}

/** Copies into a scratch directory and renames it into place, so a half-done copy is never used. */
async function installCopy(binDir: string, target: string): Promise<void> {
  await ensureOpenDir(path.dirname(target));
  const scratch = `${target}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  const parts: [string, string][] = [
    [binDir, 'bin'],
    [path.join(path.dirname(binDir), 'lib'), 'lib'],
    [path.join(path.dirname(binDir), 'share'), 'share'],
  ];
  try {
    await mkdir(scratch);
    for (const [from, name] of parts) {
      // verbatimSymlinks keeps `libicuuc.so.60 -> libicuuc.so.60.2` relative instead of pointing back into the home.
      if (existsSync(from)) await cp(from, path.join(scratch, name), { recursive: true, verbatimSymlinks: true });
    }
    // A copy keeps the source's modes, and a umask of 077 would leave it as closed to `postgres` as the original.
    await run('chmod', ['-R', 'a+rX', scratch]);
    await rename(scratch, target).catch((err: unknown) => {
      if (!existsSync(path.join(target, 'bin'))) throw err; // else another process installed the same copy first
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
