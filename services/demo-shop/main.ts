import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '../../shared/config';
import { exitOnBootFailure } from '../../shared/http/run-http-service';
import { listen } from '../../shared/http/listen';
import { createLogger } from '../../shared/logger';
import { createMetricsRegistry } from '../../shared/metrics/registry';
import { onShutdown } from '../../shared/shutdown';
import { readDemoKeyFile } from './site-key';
import { createApp } from './app';

// The demo shop needs no database and no Redis: the storefront API's URL and the key `npm start` saved.
const configSchema = baseConfigSchema.pick({ NODE_ENV: true, LOG_LEVEL: true, DATA_DIR: true, SHUTDOWN_TIMEOUT_MS: true }).extend({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  STOREFRONT_API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:3000'),
});

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger({ name: 'demo-shop', level: config.LOG_LEVEL });
  const siteKey = async () => {
    const saved = await readDemoKeyFile(config.DATA_DIR);
    if (saved === null) throw new Error(`no demo site key under ${config.DATA_DIR}`);
    return saved.key;
  };
  const running = await listen(createApp({ storefrontUrl: config.STOREFRONT_API_URL, siteKey, logger, metrics: createMetricsRegistry('demo-shop', { nodeMetrics: true }) }), config.HOST, config.PORT);
  onShutdown([{ name: 'http', close: running.close }], logger, config.SHUTDOWN_TIMEOUT_MS);
  logger.info({ url: running.url, api: config.STOREFRONT_API_URL }, 'demo-shop listening');
}

main().catch(exitOnBootFailure);
