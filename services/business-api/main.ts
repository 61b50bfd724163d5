import { exitOnBootFailure, runHttpServiceWith } from '../../shared/http/run-http-service';
import { createApp } from './app';
import { createTokenVerifier, remoteKeys } from './auth/token-verifier';
import { authSettings, businessApiConfigSchema } from './config';
import { clientErrorEnvelope } from './http/client-error-envelope';

runHttpServiceWith(
  'business-api',
  businessApiConfigSchema,
  ({ config, ...clients }) => {
    const { issuer, audience, jwksUrl } = authSettings(config);
    return createApp({ ...clients, verifyToken: createTokenVerifier({ keys: remoteKeys(jwksUrl), issuer, audience }) });
  },
  { clientErrors: clientErrorEnvelope },
).catch(exitOnBootFailure);
