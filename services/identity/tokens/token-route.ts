import express, { Router, type Request, type Response } from 'express';
import type { Knex } from '../../../shared/db/knex';
import { findActiveByClientId, markUsed, type AppPassword } from '../app-passwords/repository';
import { secretMatches } from '../app-passwords/secrets';
import type { IdentitySettings } from '../config';
import type { SigningKey } from '../signing-keys';
import { grantScope } from './grant-scope';
import { issueAccessToken } from './issue-access-token';
import type { LookupBudget } from './lookup-budget';
import { OAuthError, invalidClient } from './oauth-error';
import { parseTokenRequest, type TokenRequest } from './token-request';

export type TokenRouteDeps = { db: Knex; budget: LookupBudget; signingKey: SigningKey; config: IdentitySettings };

// Token requests are a few hundred bytes; anything larger is not one.
const bodyLimit = '8kb';

/** POST /oauth/token: the client-credentials grant (RFC 6749 §4.4), form-encoded or JSON. */
export function tokenRouter(deps: TokenRouteDeps): Router {
  const router = Router();
  router.post(
    '/oauth/token',
    express.urlencoded({ extended: false, limit: bodyLimit }),
    express.json({ limit: bodyLimit }),
    async (req: Request, res: Response) => {
      // RFC 6749 §5.1: responses carrying (or refusing) credentials are never cached.
      res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
      const ip = req.ip ?? 'unknown';
      await deps.budget.assertIpAllowed(ip);
      const { password, request } = await countingFailures(deps.budget, ip, () => authenticate(deps, req));
      const scope = grantScope(password, request.scope);
      const token = await issueAccessToken(deps.signingKey, deps.config, password, scope);
      await markUsed(deps.db, password.id);
      res.json({ access_token: token.accessToken, token_type: 'Bearer', expires_in: token.expiresIn, scope });
    },
  );
  return router;
}

async function authenticate(deps: TokenRouteDeps, req: Request): Promise<{ password: AppPassword; request: TokenRequest }> {
  const request = parseTokenRequest(req.body, req.headers.authorization);
  // The budget is spent before the lookup, so a flood of guesses for one client id stops at the budget.
  await deps.budget.consumeLookup(request.clientId);
  const found = await findActiveByClientId(deps.db, request.clientId);
  if (!found || !secretMatches(request.clientSecret, found.secretHash)) throw invalidClient(request.usedBasic);
  return { password: found.password, request };
}

/** Runs `fn`, counting an invalid_client failure against the caller's address before rethrowing it. */
async function countingFailures<T>(budget: LookupBudget, ip: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof OAuthError && err.error === 'invalid_client') await budget.recordFailure(ip);
    throw err;
  }
}
