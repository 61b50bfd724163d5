import express, { type Express } from 'express';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { createApp } from '../../../services/business-api/app';
import { createTokenVerifier } from '../../../services/business-api/auth/token-verifier';
import type { Knex } from '../../../shared/db/knex';
import { listen, type RunningServer } from '../../../shared/http/listen';
import { createLogger } from '../../../shared/logger';
import type { Redis } from '../../../shared/redis';

const ISSUER = 'https://bench.identity.local';
const AUDIENCE = 'aisle-business-api';

/** Serves `app` on a free loopback port. */
export const listenOnFreePort = (app: Express): Promise<RunningServer> => listen(app, '127.0.0.1', 0);

/** The ceiling: a plain express handler answering a constant. */
export const constantApp = (): Express => express().get('/', (_req, res) => void res.json({ ok: true }));

/** business-api as `npm start` builds it, with a throwaway signing key, and a bearer token for the tenant. */
export async function businessApi(
  db: Knex,
  redis: Redis,
  tenantId: number,
): Promise<{ running: RunningServer; token: string }> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES256' };
  const verifyToken = createTokenVerifier({
    keys: createLocalJWKSet({ keys: [jwk] }),
    issuer: ISSUER,
    audience: AUDIENCE,
  });
  const app = createApp({ db, redis, logger: createLogger({ name: 'bench', level: 'silent' }), verifyToken });
  const token = await new SignJWT({ iid: tenantId, scope: 'read' })
    .setProtectedHeader({ alg: 'ES256', kid: 'bench' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject('bench')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(privateKey);
  return { running: await listenOnFreePort(app), token };
}
