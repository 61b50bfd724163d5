import express, { Router, type Request, type Response } from 'express';
import type { Knex } from '../../../shared/db/knex';
import { findActiveByClientId, markUsed, type AppPassword } from '../app-passwords/repository';
import { secretMatches } from '../app-passwords/secrets';
import type { IdentitySettings } from '../config';
import type { SigningKey } from '../signing-keys';
import { audienceFor } from './audience';
import { exchangeCode } from '../oauth/code-grant';
import type { CodeStore } from '../oauth/authorization-codes';
import { grantScope } from './grant-scope';
import { issueAccessToken } from './issue-access-token';
import type { LookupBudget } from './lookup-budget';
import { OAuthError, invalidClient } from './oauth-error';
import { parseTokenRequest, type TokenRequest } from './token-request';

export type TokenRouteDeps = {
  db: Knex;
  budget: LookupBudget;
  signingKey: SigningKey;
  config: IdentitySettings;
  codes: CodeStore;
};

// Token requests are a few hundred bytes; anything larger is not one.
const bodyLimit = '8kb';

/**
 * POST /oauth/token, form-encoded or JSON: the client-credentials grant (RFC 6749 §4.4) for app passwords, and
 * the authorization-code grant with PKCE for clients that signed a user in at /oauth/authorize.
 */
export function tokenRouter(deps: TokenRouteDeps): Router {
  const router = Router();
  router.post(
    '/oauth/token',
    express.urlencoded({ extended: false, limit: bodyLimit }),
    express.json({ limit: bodyLimit }),
    async (req: Request, res: Response) => {
      // RFC 6749 §5.1: responses carrying (or refusing) credentials are never cached.
      res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
      if ((req.body as { grant_type?: unknown } | undefined)?.grant_type === 'authorization_code') {
        res.json(await exchangeCode(deps, req.body));
        return;
      }
      const ip = req.ip ?? 'unknown';
      await deps.budget.assertIpAllowed(ip);
      const request = await countingFailures(deps.budget, ip, undefined, () =>
        parseTokenRequest(req.body, req.headers.authorization),
      );
      const password = await countingFailures(deps.budget, ip, request.clientId, () => checkSecret(deps.db, request));
      // Only a request that proved its secret spends the client's budget: guesses cannot lock its owner out.
      await deps.budget.consumeIssue(password.clientId);
      const scope = grantScope(password, request.scope);
      const token = await issueAccessToken(
        deps.signingKey,
        deps.config,
        password,
        scope,
        audienceFor(deps.config, request.resource),
      );
      await markUsed(deps.db, password.id);
      res.json({ access_token: token.accessToken, token_type: 'Bearer', expires_in: token.expiresIn, scope });
    },
  );
  return router;
}

/** The active app password the request names, provided its secret matches; invalid_client otherwise. */
async function checkSecret(db: Knex, request: TokenRequest): Promise<AppPassword> {
  const found = await findActiveByClientId(db, request.clientId);
  if (!found || !secretMatches(request.clientSecret, found.secretHash)) throw invalidClient(request.usedBasic);
  return found.password;
}

/** Runs `fn`, counting an invalid_client failure against the caller's address and the client id it named, if any. */
async function countingFailures<T>(
  budget: LookupBudget,
  ip: string,
  clientId: string | undefined,
  fn: () => T | Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof OAuthError && err.error === 'invalid_client') await budget.recordFailure(ip, clientId);
    throw err;
  }
}
