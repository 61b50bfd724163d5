/** Where a command writes: stdout for results, stderr for diagnostics (tests capture both). */
export type CliIo = { out: (line: string) => void; err: (line: string) => void };

/** One top-level CLI command (`npm run cli -- <name> ...`). Resolves with the exit code. */
export type CliCommand = { summary: string; usage: string; run: (args: string[], io: CliIo) => Promise<number> };

/** Bad arguments: the dispatcher prints the message and the command's usage, and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
