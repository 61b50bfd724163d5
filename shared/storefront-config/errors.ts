import type { z } from 'zod';
import { AppError } from '../errors';
import type { ConfigIssue } from './validate-config';

/** A save or publish that breaks a rule; nothing was stored. `issues` name each field. */
export class ConfigValidationError extends AppError {
  constructor(readonly issues: ConfigIssue[]) {
    super(400, 'invalid_config', issues.map((i) => `${i.field}: ${i.message}`).join('; '), { issues });
    this.name = 'ConfigValidationError';
  }

  /** The issues of a zod failure, with paths under `prefix`. */
  static fromZod(error: z.ZodError, prefix = ''): ConfigValidationError {
    return new ConfigValidationError(
      error.issues.map((issue) => ({
        field:
          [
            prefix,
            ...issue.path.map((p, i) =>
              typeof p === 'number' ? `[${p}]` : `${i === 0 && !prefix ? '' : '.'}${String(p)}`,
            ),
          ]
            .join('')
            .replace(/^\./, '') || '(input)',
        // A record key's own rule (a language code) says more than zod's "Invalid key in record".
        message: issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message,
      })),
    );
  }
}

/** A site, key or run that is not the tenant's (or does not exist). */
export class ConfigNotFoundError extends AppError {
  constructor(what: string) {
    super(404, 'not_found', `${what} not found`);
    this.name = 'ConfigNotFoundError';
  }
}
