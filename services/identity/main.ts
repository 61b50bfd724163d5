import path from 'node:path';
import { exitOnBootFailure, runHttpServiceWith } from '../../shared/http/run-http-service';
import { createApp } from './app';
import { identityConfigSchema, identitySettings } from './config';
import { loadOrCreateSigningKey } from './signing-keys';

runHttpServiceWith('identity', identityConfigSchema, async ({ config, ...clients }) =>
  createApp({
    ...clients,
    config: identitySettings(config),
    signingKey: await loadOrCreateSigningKey(path.resolve(config.DATA_DIR)),
  }),
).catch(exitOnBootFailure);
