import path from 'node:path';
import { exitOnBootFailure, runHttpServiceWith } from '../../shared/http/run-http-service';
import { createMetricsRegistry } from '../../shared/metrics/registry';
import { createApp } from './app';
import { identityConfigSchema, identitySettings } from './config';
import { loadOrCreateSigningKey } from './signing-keys';

runHttpServiceWith('identity', identityConfigSchema, async ({ config, ...clients }) =>
  createApp({
    ...clients,
    config: identitySettings(config),
    signingKey: await loadOrCreateSigningKey(path.resolve(config.DATA_DIR)),
    metrics: createMetricsRegistry('identity', { nodeMetrics: true }),
  }),
).catch(exitOnBootFailure);
