import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

/** A process `npm start` runs: `url` is its base URL, where it answers `/readyz` once ready. */
export type ProcessSpec = { name: string; entry: string; env: NodeJS.ProcessEnv; url: string };
export type Supervised = { spec: ProcessSpec; child: ChildProcess; exited: Promise<number | null> };

/**
 * How a process runs: its TypeScript entry through tsx, or its compiled file under dist/ (`npm run build`), on
 * the Node binary `node`. Paths are relative to the project root, the supervisor's working directory.
 */
export type Runner = { node: string; compiled: boolean };

/** The supervisor's own way: compiled children when it runs compiled itself (node dist/scripts/start.js). */
export const ownRunner: Runner = { node: process.execPath, compiled: path.extname(__filename) === '.js' };

/** The compiled file of a TypeScript entry: services/identity/main.ts -> dist/services/identity/main.js. */
export const compiledEntry = (entry: string): string => path.posix.join('dist', entry.replace(/\.ts$/, '.js'));

/** The argv (after the Node binary) that starts `entry` with `runner`. */
export const entryArgs = (entry: string, runner: Runner): string[] =>
  runner.compiled ? [compiledEntry(entry)] : ['node_modules/tsx/dist/cli.mjs', entry];

/** Starts the process's entry with its output prefixed by the process name. */
export function startProcess(
  spec: ProcessSpec,
  format: (line: string) => string,
  runner: Runner = ownRunner,
): Supervised {
  const child = spawn(runner.node, entryArgs(spec.entry, runner), {
    env: spec.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${spec.name}] ${format(line)}\n`));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { spec, child, exited };
}

/** Polls the process's /readyz until it answers 200; rejects if the process exits or the timeout passes. */
export async function waitUntilReady(proc: Supervised, timeoutMs = 60_000): Promise<void> {
  let exited = false;
  void proc.exited.then(() => (exited = true));
  const readyUrl = `${proc.spec.url}/readyz`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${proc.spec.name} exited before it was ready`);
    const ok = await fetch(readyUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${proc.spec.name} was not ready within ${timeoutMs / 1000} s (${readyUrl})`);
}

/** Sends SIGTERM to every running process and waits for all of them; SIGKILL after the grace period. */
export async function stopAll(procs: Supervised[], graceMs = 15_000): Promise<void> {
  await Promise.all(
    procs.map(async ({ child, exited }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }),
  );
}
