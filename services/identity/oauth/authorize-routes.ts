import express, { Router, type Request, type Response } from 'express';
import type { Knex } from '../../../shared/db/knex';
import { findActiveByClientId, type AppPassword } from '../app-passwords/repository';
import { secretMatches } from '../app-passwords/secrets';
import type { IdentitySettings } from '../config';
import { consentScope } from '../tokens/grant-scope';
import type { LookupBudget } from '../tokens/lookup-budget';
import type { CodeStore } from './authorization-codes';
import {
  checkAuthorizeRequest,
  readAuthorizeParams,
  redirectWith,
  type AuthorizeParams,
  type AuthorizeRequest,
} from './authorize-request';
import { findClient, parseClientMetadata, registerClient } from './clients';
import { consentBindingProblem, issueConsentToken } from './consent-binding';
import { consentPage, errorPage, PAGE_HEADERS } from './consent-page';
import type { RegistrationBudget } from './registration-budget';

export type AuthorizeDeps = {
  db: Knex;
  budget: LookupBudget;
  codes: CodeStore;
  config: IdentitySettings;
  registrations: RegistrationBudget;
};

const WRONG_APP_PASSWORD = "The app password's client ID or secret is wrong, or it was revoked.";

/** The request as checked against its client: a page to render, a redirect, or a request to consent to. */
async function checked(
  deps: AuthorizeDeps,
  source: Record<string, unknown>,
  res: Response,
): Promise<{ request: AuthorizeRequest; params: AuthorizeParams } | undefined> {
  res.set(PAGE_HEADERS);
  const params = readAuthorizeParams(source);
  if (!params) return void res.status(400).type('html').send(errorPage('Each parameter must appear once.'));
  const client =
    params.client_id && params.client_id.length <= 100 ? await findClient(deps.db, params.client_id) : undefined;
  const outcome = checkAuthorizeRequest(params, client, deps.config.resources);
  if ('kind' in outcome && outcome.kind === 'page')
    return void res.status(400).type('html').send(errorPage(outcome.message));
  if ('kind' in outcome)
    return void res.redirect(
      303,
      redirectWith(outcome.redirectUri, {
        error: outcome.error,
        error_description: outcome.description,
        state: outcome.state,
        iss: deps.config.issuer,
      }),
    );
  return { request: outcome, params };
}

/** The app password named on the form, if its secret matches; failures count against the caller's address. */
async function signIn(deps: AuthorizeDeps, req: Request): Promise<AppPassword | undefined> {
  const ip = req.ip ?? 'unknown';
  await deps.budget.assertIpAllowed(ip);
  const body = req.body as Record<string, unknown>;
  const clientId = typeof body.app_password_client_id === 'string' ? body.app_password_client_id.trim() : '';
  const secret = typeof body.app_password_secret === 'string' ? body.app_password_secret.trim() : '';
  const found =
    clientId && secret && clientId.length <= 128 ? await findActiveByClientId(deps.db, clientId) : undefined;
  if (found && secretMatches(secret, found.secretHash)) return found.password;
  await deps.budget.recordFailure(ip, clientId || undefined);
  return undefined;
}

/** POST /oauth/authorize: the user's decision; allowed, a one-time code goes back to the client's redirect URI. */
async function decide(deps: AuthorizeDeps, req: Request, res: Response): Promise<void> {
  // No form body at all (none sent, JSON, text): an empty form, which names no client.
  const form = (req.body ?? {}) as Record<string, unknown>;
  const found = await checked(deps, form, res);
  if (!found) return;
  const { request, params } = found;
  const again = (status: number, problem: string) =>
    void res
      .status(status)
      .type('html')
      .send(consentPage(request, params, issueConsentToken(res, deps.config.issuer), problem));
  const unbound = consentBindingProblem(req, deps.config.issuer);
  if (unbound !== null) return again(403, unbound);
  const back = (values: Record<string, string | undefined>) =>
    res.redirect(303, redirectWith(request.redirectUri, { ...values, state: request.state, iss: deps.config.issuer }));
  if (form.decision !== 'allow') return back({ error: 'access_denied', error_description: 'The user denied access.' });
  const password = await signIn(deps, req);
  if (!password) return again(401, WRONG_APP_PASSWORD);
  const scope = consentScope(password, request.scope);
  const code = await deps.codes.issue({
    clientId: request.client.clientId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    resource: request.resource,
    scope,
    appPasswordId: password.id,
  });
  back({ code });
}

/** Dynamic client registration (RFC 7591) and the authorization endpoint with its sign-in and consent page. */
export function authorizeRouter(deps: AuthorizeDeps): Router {
  const router = Router();
  router.post('/oauth/register', express.json({ limit: '16kb' }), async (req, res) => {
    res.set({ 'Cache-Control': 'no-store' });
    await deps.registrations(req.ip ?? 'unknown');
    const client = await registerClient(deps.db, parseClientMetadata(req.body));
    res.status(201).json({
      client_id: client.clientId,
      client_id_issued_at: Math.floor(Date.now() / 1000),
      client_name: client.clientName,
      redirect_uris: client.redirectUris,
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    });
  });
  router.get('/oauth/authorize', async (req, res) => {
    const found = await checked(deps, req.query as Record<string, unknown>, res);
    if (found)
      res.type('html').send(consentPage(found.request, found.params, issueConsentToken(res, deps.config.issuer)));
  });
  router.post('/oauth/authorize', express.urlencoded({ extended: false, limit: '16kb' }), (req, res) =>
    decide(deps, req, res),
  );
  return router;
}
