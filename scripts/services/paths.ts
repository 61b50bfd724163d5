import path from 'node:path';

const twoUp = path.resolve(__dirname, '..', '..');
/** The checkout (or the image's /app): two folders up from this file, or three when it runs compiled from dist/. */
export const projectRoot = path.basename(twoUp) === 'dist' ? path.dirname(twoUp) : twoUp;

/** Where the private instances live: DATA_DIR, else `.data/` in the project (an empty DATA_DIR counts as unset). */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(projectRoot, env.DATA_DIR || '.data');
}

/** Where PostgreSQL's binaries are taken from and, as root, where the parts `postgres` must reach are kept. */
export type PostgresOptions = {
  /** POSTGRES_BIN_DIR: a directory holding initdb, pg_ctl and postgres, instead of searching for one. */
  binDir?: string;
  /** AISLE_SYSTEM_DIR: root-owned, outside any home; default /var/lib/aisle. */
  systemDir: string;
};

export function postgresOptions(env: NodeJS.ProcessEnv = process.env): PostgresOptions {
  return {
    binDir: env.POSTGRES_BIN_DIR || undefined,
    systemDir: path.resolve(env.AISLE_SYSTEM_DIR || '/var/lib/aisle'),
  };
}
