import { z } from 'zod';

/** Raised at boot when the environment does not satisfy a process's config schema. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const port = z.coerce.number().int().min(0).max(65535);
const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** Variables every process reads. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: logLevel.default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }),
  DATA_DIR: z.string().min(1).default('.data'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});

export const httpConfigSchema = baseConfigSchema.extend({ HOST: z.string().default('127.0.0.1'), PORT: port });

export type BaseConfig = z.infer<typeof baseConfigSchema>;
export type HttpConfig = z.infer<typeof httpConfigSchema>;

/** Parses the environment once; throws ConfigError naming every bad or missing variable. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      const value = env[String(issue.path[0])];
      return value === undefined ? `${name}: missing` : `${name}: ${issue.message}`;
    }),
  );
}
