import { spawn } from 'node:child_process';

/** Runs a command with inherited stdio and resolves with its exit code. */
export function runChild(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

export const bin = (name: string) => `node_modules/.bin/${name}`;
