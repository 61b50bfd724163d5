import pino, { type Logger } from 'pino';

export type { Logger };

/** One root logger per process; request and job loggers are its children. */
export function createLogger(options: { name: string; level: string }): Logger {
  return pino({ name: options.name, level: options.level, base: { service: options.name } });
}
