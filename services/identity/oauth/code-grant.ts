import { z } from 'zod';
import type { Knex } from '../../../shared/db/knex';
import { getAppPassword, markUsed } from '../app-passwords/repository';
import type { IdentitySettings } from '../config';
import type { SigningKey } from '../signing-keys';
import { audienceFor } from '../tokens/audience';
import { issueAccessToken } from '../tokens/issue-access-token';
import type { LookupBudget } from '../tokens/lookup-budget';
import { invalidGrant, invalidRequest, invalidTarget } from '../tokens/oauth-error';
import { isCodeVerifier, s256, type CodeStore } from './authorization-codes';
import { normalRedirectUri } from './clients';

export type CodeGrantDeps = {
  db: Knex;
  budget: LookupBudget;
  codes: CodeStore;
  signingKey: SigningKey;
  config: IdentitySettings;
};

const paramsSchema = z.object({
  code: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(2000),
  client_id: z.string().min(1).max(100),
  code_verifier: z.string(),
  resource: z.string().optional(),
});

/**
 * The authorization-code grant for public clients (RFC 6749 §4.1.3 with PKCE, RFC 7636): the code is taken
 * once, and must have been issued to this client, for this redirect URI and this verifier's challenge. The
 * token is the app password's, bound to the resource the user consented to.
 */
export async function exchangeCode(deps: CodeGrantDeps, body: unknown): Promise<Record<string, unknown>> {
  const parsed = paramsSchema.safeParse(typeof body === 'object' && body !== null ? body : {});
  if (!parsed.success) throw invalidRequest('code, redirect_uri, client_id and code_verifier are required, each once.');
  const params = parsed.data;
  if (!isCodeVerifier(params.code_verifier))
    throw invalidRequest('code_verifier must be 43 to 128 unreserved characters.');
  const grant = await deps.codes.take(params.code);
  if (
    !grant ||
    grant.clientId !== params.client_id ||
    grant.redirectUri !== (normalRedirectUri(params.redirect_uri) ?? params.redirect_uri) ||
    s256(params.code_verifier) !== grant.codeChallenge
  ) {
    throw invalidGrant(
      'The code is invalid, expired, used, or was issued for another client, redirect URI or verifier.',
    );
  }
  if (params.resource !== undefined && params.resource !== grant.resource) throw invalidTarget();
  const password = await getAppPassword(deps.db, grant.appPasswordId);
  if (!password || password.revokedAt !== null) throw invalidGrant('The app password behind this code was revoked.');
  await deps.budget.consumeIssue(password.clientId);
  const token = await issueAccessToken(
    deps.signingKey,
    deps.config,
    password,
    grant.scope,
    audienceFor(deps.config, grant.resource),
  );
  await markUsed(deps.db, password.id);
  return { access_token: token.accessToken, token_type: 'Bearer', expires_in: token.expiresIn, scope: grant.scope };
}
