import path from 'node:path';
import { exitOnBootFailure, runHttpServiceWith } from '../../shared/http/run-http-service';
import { createIndexQueue } from '../../shared/index-queue';
import { createMetricsRegistry } from '../../shared/metrics/registry';
import { createProcessEngine, type ProcessEngine } from '../../shared/search/process-engine';
import { elasticsearchConnection } from '../../shared/search/search-config';
import { createApp } from './app';
import { createTokenVerifier, remoteKeys } from './auth/token-verifier';
import { authSettings, businessApiConfigSchema, mcpResourceUrl } from './config';
import { clientErrorEnvelope } from './http/client-error-envelope';
import { isLoopbackHost } from './mcp/mcp-guards';

runHttpServiceWith(
  'business-api',
  businessApiConfigSchema,
  ({ config, ...clients }) => {
    const { issuer, audience, jwksUrl } = authSettings(config);
    const keys = remoteKeys(jwksUrl);
    const resourceUrl = mcpResourceUrl(config);
    const queue = createIndexQueue(clients.redis, config.QUEUE_PREFIX);
    // Only confirming a gated run needs the engine: built on first use, as the CLI does.
    let processEngine: ProcessEngine | undefined;
    const engine = async () => {
      processEngine ??= createProcessEngine({
        ...clients,
        dataDir: path.resolve(config.DATA_DIR),
        elasticsearch: elasticsearchConnection(config),
      });
      await processEngine.sync();
      return processEngine.engine;
    };
    const mcp = {
      resourceUrl,
      authorizationServers: [issuer],
      verifyToken: createTokenVerifier({ keys, issuer, audience: resourceUrl }),
      allowedOrigins: config.MCP_ALLOWED_ORIGINS,
      loopback: isLoopbackHost(config.HOST),
      callRate: { points: config.MCP_CALLS_PER_MINUTE, windowSeconds: 60, keyPrefix: 'aisle:business:mcp-calls' },
      storefront: { queue, deltaEveryMs: config.STOREFRONT_DELTA_EVERY_MS, engine, issuer },
    };
    return {
      app: createApp({
        ...clients,
        verifyToken: createTokenVerifier({ keys, issuer, audience }),
        mcp,
        metrics: createMetricsRegistry('business-api', { nodeMetrics: true }),
        corsOrigins: config.API_ALLOWED_ORIGINS,
      }),
      closeFirst: [
        { name: 'index-queue', close: () => queue.close() },
        { name: 'engine', close: async () => processEngine?.engine.close() },
      ],
    };
  },
  { clientErrors: clientErrorEnvelope },
).catch(exitOnBootFailure);
