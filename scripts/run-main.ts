import { errorMessage } from '../shared/errors';

/**
 * Runs a script's `main`. A number it resolves with is the exit code; with none the process ends when its
 * work does (a server supervisor keeps running). A failure prints its message, not a stack, and exits 1.
 */
export function runMain(main: () => Promise<number> | Promise<void>): void {
  main().then(
    (code) => {
      if (typeof code === 'number') process.exit(code);
    },
    (err: unknown) => {
      console.error(errorMessage(err));
      process.exit(1);
    },
  );
}
