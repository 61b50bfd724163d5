import { z } from 'zod';
import { baseConfigSchema } from '../../shared/config';

/** The media host's environment: no database and no Redis, only the rendition store under DATA_DIR. */
export const mediaHostConfigSchema = baseConfigSchema
  .pick({ NODE_ENV: true, LOG_LEVEL: true, DATA_DIR: true, SHUTDOWN_TIMEOUT_MS: true })
  .extend({
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535),
  });
