import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';

/**
 * Runs a program and resolves with stdout; rejects with its stderr in the message. `detached` starts it in a
 * session of its own, so a server it launches does not get the terminal's Ctrl-C before its users have stopped.
 */
export function run(
  file: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; detached?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: options.env ?? process.env, detached: options.detached ?? false });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) return resolve(Buffer.concat(out).toString());
      const stderr = Buffer.concat(err).toString().trim();
      reject(new Error(`${path.basename(file)} ${args.join(' ')} failed${stderr ? `: ${stderr}` : ''}`));
    });
  });
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
