import { loadConfig } from '../../shared/config';
import { exitOnBootFailure } from '../../shared/http/run-http-service';
import { listen } from '../../shared/http/listen';
import { createLogger } from '../../shared/logger';
import { createMetricsRegistry } from '../../shared/metrics/registry';
import { onShutdown } from '../../shared/shutdown';
import { readDemoKeyFile } from './site-key';
import { createApp } from './app';
import { demoShopConfigSchema } from './config';

async function main(): Promise<void> {
  const config = loadConfig(demoShopConfigSchema);
  const logger = createLogger({ name: 'demo-shop', level: config.LOG_LEVEL });
  const siteKey = async () => {
    const saved = await readDemoKeyFile(config.DATA_DIR);
    if (saved === null) throw new Error(`no demo site key under ${config.DATA_DIR}`);
    return saved.key;
  };
  const running = await listen(
    createApp({
      storefrontUrl: config.STOREFRONT_API_URL,
      siteKey,
      logger,
      metrics: createMetricsRegistry('demo-shop', { nodeMetrics: true }),
    }),
    config.HOST,
    config.PORT,
  );
  onShutdown([{ name: 'http', close: running.close }], logger, config.SHUTDOWN_TIMEOUT_MS);
  logger.info({ url: running.url, api: config.STOREFRONT_API_URL }, 'demo-shop listening');
}

main().catch(exitOnBootFailure);
