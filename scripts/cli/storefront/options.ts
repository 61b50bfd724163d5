import { parseArgs } from 'node:util';
import { errorMessage } from '../../../shared/errors';
import { UsageError } from '../command';

export type Options = { [name: string]: string | boolean | undefined | string[]; positionals: string[] };

/** Parses `--name value` and `--flag` options (every known name); unknown options are a usage error. */
export function parseOptions(args: string[], strings: readonly string[], booleans: readonly string[] = []): Options {
  const options = Object.fromEntries([
    ...strings.map((n) => [n, { type: 'string' as const }]),
    ...booleans.map((n) => [n, { type: 'boolean' as const }]),
  ]);
  try {
    const { values, positionals } = parseArgs({ args, options, strict: true, allowPositionals: true });
    return { ...(values as Record<string, string | boolean | undefined>), positionals };
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
}

export function required(options: Options, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** A JSON option's value, parsed; a usage error names the option when it is not JSON. */
export function jsonOption(options: Options, name: string): unknown {
  const raw = required(options, name);
  try {
    return JSON.parse(raw) as unknown;
  } catch (err) {
    throw new UsageError(`--${name} is not valid JSON: ${errorMessage(err)}`);
  }
}
