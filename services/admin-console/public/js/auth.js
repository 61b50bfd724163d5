// @ts-check
// Sign-in with the identity provider's authorization code flow and PKCE (RFC 7636, S256). The console is a public
// client: it holds no secret, so the verifier proves the code was asked for by this tab. Everything lives in
// sessionStorage (this tab only, gone when it closes), never localStorage: a token must not outlive the session.

const PENDING_KEY = 'aisle-admin:sign-in';
const TOKEN_KEY = 'aisle-admin:token';
// A token this close to its expiry is treated as expired, so a call does not start with one that lapses in flight.
const EXPIRY_MARGIN_MS = 30_000;

/** Why signing in did not work, in words for the person signing in. */
export class SignInError extends Error {}

/** The page the identity provider sends the browser back to (registered for the console's client). */
export const redirectUri = () => `${location.origin}/callback`;

/** @param {Uint8Array} bytes */
const base64url = (bytes) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** 32 random bytes as base64url: 43 characters, a valid PKCE verifier and an unguessable state. */
const randomToken = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** @param {string} verifier */
async function s256(verifier) {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/**
 * Goes to the identity provider's sign-in and consent page; it comes back to /callback.
 * @param {import('./types.js').ConsoleConfig} config
 */
export async function startSignIn(config) {
  const pending = { state: randomToken(), verifier: randomToken() };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(config.authorizationEndpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: redirectUri(),
    state: pending.state,
    code_challenge: await s256(pending.verifier),
    code_challenge_method: 'S256',
  }).toString();
  location.assign(url.toString());
}

/** @returns {{ state: string, verifier: string } | null} */
function takePending() {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw);
    return typeof parsed?.state === 'string' && typeof parsed?.verifier === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Finishes a sign-in on /callback: the state must be the one this tab sent (else the answer is another site's
 * doing), then the code and the verifier are exchanged for a token.
 * @param {import('./types.js').ConsoleConfig} config
 * @param {URLSearchParams} params the callback's query
 */
export async function completeSignIn(config, params) {
  const pending = takePending();
  if (pending === null || params.get('state') !== pending.state)
    throw new SignInError('This sign-in was not started in this tab, or it was already used. Sign in again.');
  const error = params.get('error');
  if (error === 'access_denied') throw new SignInError('Access was denied on the sign-in page.');
  if (error !== null)
    throw new SignInError(`The identity provider refused the sign-in: ${params.get('error_description') ?? error}`);
  const code = params.get('code');
  if (code === null) throw new SignInError('The identity provider sent no code back. Sign in again.');
  saveToken(await exchange(config, code, pending.verifier));
}

/**
 * @param {import('./types.js').ConsoleConfig} config
 * @param {string} code
 * @param {string} verifier
 * @returns {Promise<import('./types.js').Token>}
 */
async function exchange(config, code, verifier) {
  // A form body keeps this a simple CORS request: no preflight before the one-minute code is spent.
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri(),
    client_id: config.clientId,
    code_verifier: verifier,
  });
  const res = await fetch(config.tokenEndpoint, { method: 'POST', body }).catch(() => null);
  if (res === null) throw new SignInError('The identity provider could not be reached. Try again in a moment.');
  const answer = await res.json().catch(() => ({}));
  if (!res.ok || typeof answer.access_token !== 'string')
    throw new SignInError(`Signing in failed: ${answer.error_description ?? answer.error ?? `HTTP ${res.status}`}`);
  return {
    accessToken: answer.access_token,
    scope: String(answer.scope ?? ''),
    expiresAt: Date.now() + Number(answer.expires_in ?? 0) * 1000,
  };
}

/** @param {import('./types.js').Token} token */
function saveToken(token) {
  sessionStorage.setItem(TOKEN_KEY, JSON.stringify(token));
}

/**
 * The token of this tab's session, or null when there is none or it has expired (it is then dropped).
 * @returns {import('./types.js').Token | null}
 */
export function currentToken() {
  const raw = sessionStorage.getItem(TOKEN_KEY);
  if (raw === null) return null;
  try {
    const token = JSON.parse(raw);
    if (
      typeof token?.accessToken === 'string' &&
      typeof token.expiresAt === 'number' &&
      token.expiresAt - EXPIRY_MARGIN_MS > Date.now()
    )
      return token;
  } catch {
    // An unreadable entry is treated as no session.
  }
  signOut();
  return null;
}

/** Forgets the token and any sign-in in progress. */
export function signOut() {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(PENDING_KEY);
}
