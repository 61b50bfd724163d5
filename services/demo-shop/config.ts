import { z } from 'zod';
import { baseConfigSchema } from '../../shared/config';

/**
 * The demo shop's environment: no database and no Redis, the storefront API's URL and the key `npm start` saved under
 * DATA_DIR.
 */
export const demoShopConfigSchema = baseConfigSchema
  .pick({ NODE_ENV: true, LOG_LEVEL: true, DATA_DIR: true, SHUTDOWN_TIMEOUT_MS: true })
  .extend({
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535),
    STOREFRONT_API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:3000'),
  });
