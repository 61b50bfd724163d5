import { httpConfigSchema } from '../../shared/config';
import { exitOnBootFailure, runHttpServiceWith } from '../../shared/http/run-http-service';
import { ConfigRegistry } from '../../shared/storefront-config/config-registry';
import { createApp } from './app';

runHttpServiceWith('storefront-api', httpConfigSchema, async ({ db, redis, logger }) => {
  // Published configs are held in the process and follow each publish (pub/sub, polling as the fallback).
  const registry = new ConfigRegistry(db);
  const subscriber = redis.duplicate({ connectionName: 'storefront-api-config' });
  await registry.start({ subscriber, logger });
  return {
    app: createApp({ db, redis, logger, registry }),
    closeFirst: [{ name: 'config', close: async () => {
      await registry.stop();
      subscriber.disconnect();
    } }],
  };
}).catch(exitOnBootFailure);
