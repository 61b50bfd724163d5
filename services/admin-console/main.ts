import { loadConfig } from '../../shared/config';
import { exitOnBootFailure } from '../../shared/http/run-http-service';
import { listen } from '../../shared/http/listen';
import { createLogger } from '../../shared/logger';
import { createMetricsRegistry } from '../../shared/metrics/registry';
import { onShutdown } from '../../shared/shutdown';
import { createApp } from './app';
import { consoleConfigSchema, consoleSettings } from './config';

// The admin console serves files and its settings; the pages do the rest from the browser (DESIGN §8).
async function main(): Promise<void> {
  const config = loadConfig(consoleConfigSchema);
  const settings = consoleSettings(config);
  const logger = createLogger({ name: 'admin-console', level: config.LOG_LEVEL });
  const running = await listen(
    createApp({ settings, metrics: createMetricsRegistry('admin-console', { nodeMetrics: true }) }),
    config.HOST,
    config.PORT,
  );
  onShutdown([{ name: 'http', close: running.close }], logger, config.SHUTDOWN_TIMEOUT_MS);
  logger.info(
    { url: running.url, api: settings.apiBaseUrl, authorize: settings.authorizationEndpoint },
    'admin-console listening',
  );
}

main().catch(exitOnBootFailure);
