import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export type IndexerChild = {
  child: ChildProcess;
  /** Resolves with the first line of its output matching `line`, seen already or still to come. */
  next: (line: RegExp) => Promise<string>;
  /** Resolves once it has exited, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Starts tests/support/indexer-child.ts (an indexer worker a test can kill mid-run) with `env`. */
export function startIndexerChild(env: NodeJS.ProcessEnv): IndexerChild {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/support/indexer-child.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const lines: string[] = [];
  const waiters: { re: RegExp; resolve: (l: string) => void }[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(line);
      for (const w of waiters.filter((x) => x.re.test(line))) w.resolve(line);
    }
  });
  const next = (re: RegExp) =>
    new Promise<string>((resolve) => {
      const seen = lines.find((l) => re.test(l));
      if (seen !== undefined) resolve(seen);
      else waiters.push({ re, resolve });
    });
  return { child, next, exited };
}
