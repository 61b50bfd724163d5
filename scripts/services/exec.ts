import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Runs a program and resolves with stdout; rejects with its stderr in the message. */
export async function run(file: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  try {
    const { stdout } = await execFileAsync(file, args, { env: options.env ?? process.env, maxBuffer: 16 << 20 });
    return stdout;
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`${path.basename(file)} ${args.join(' ')} failed${stderr ? `: ${stderr}` : ''}`);
  }
}

export async function isExecutable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** The first executable named `name` on PATH or in `extraDirs`, or undefined. */
export async function which(name: string, extraDirs: string[] = []): Promise<string | undefined> {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), ...extraDirs].filter(Boolean);
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

export const isRoot = () => process.getuid?.() === 0;

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
