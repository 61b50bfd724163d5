import { loadConfig } from '../../shared/config';
import { exitOnBootFailure } from '../../shared/http/run-http-service';
import { listen } from '../../shared/http/listen';
import { createLogger } from '../../shared/logger';
import { createMetricsRegistry } from '../../shared/metrics/registry';
import { mediaDirs } from '../../shared/media/media-config';
import { RenditionStore } from '../../shared/media/rendition-store';
import { onShutdown } from '../../shared/shutdown';
import { createApp } from './app';
import { mediaHostConfigSchema } from './config';

async function main(): Promise<void> {
  const config = loadConfig(mediaHostConfigSchema);
  const logger = createLogger({ name: 'media-host', level: config.LOG_LEVEL });
  const store = new RenditionStore(mediaDirs(config.DATA_DIR).renditions);
  const running = await listen(
    createApp({ store, logger, metrics: createMetricsRegistry('media-host', { nodeMetrics: true }) }),
    config.HOST,
    config.PORT,
  );
  onShutdown([{ name: 'http', close: running.close }], logger, config.SHUTDOWN_TIMEOUT_MS);
  logger.info({ url: running.url, store: store.root }, 'media-host listening');
}

main().catch(exitOnBootFailure);
