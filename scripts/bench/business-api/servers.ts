import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Express } from 'express';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { createApp } from '../../../services/business-api/app';
import { createTokenVerifier } from '../../../services/business-api/auth/token-verifier';
import type { Knex } from '../../../shared/db/knex';
import { createLogger } from '../../../shared/logger';
import type { Redis } from '../../../shared/redis';

const ISSUER = 'https://bench.identity.local';
const AUDIENCE = 'aisle-business-api';

export type Running = { url: string; close: () => Promise<void> };

/** Serves `app` on a free loopback port. */
export function listen(app: Express): Promise<Running> {
  return new Promise((resolve) => {
    const server: Server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** The ceiling: a plain express handler answering a constant. */
export const constantApp = (): Express => express().get('/', (_req, res) => void res.json({ ok: true }));

/** business-api as `npm start` builds it, with a throwaway signing key, and a bearer token for the tenant. */
export async function businessApi(db: Knex, redis: Redis, tenantId: number): Promise<{ running: Running; token: string }> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES256' };
  const verifyToken = createTokenVerifier({ keys: createLocalJWKSet({ keys: [jwk] }), issuer: ISSUER, audience: AUDIENCE });
  const app = createApp({ db, redis, logger: createLogger({ name: 'bench', level: 'silent' }), verifyToken });
  const token = await new SignJWT({ iid: tenantId, scope: 'read' })
    .setProtectedHeader({ alg: 'ES256', kid: 'bench' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject('bench')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(privateKey);
  return { running: await listen(app), token };
}
