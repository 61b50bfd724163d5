import path from 'node:path';

export const projectRoot = path.resolve(__dirname, '..', '..');

/** Where the private instances live: DATA_DIR, else `.data/` in the project. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(projectRoot, env.DATA_DIR ?? '.data');
}
