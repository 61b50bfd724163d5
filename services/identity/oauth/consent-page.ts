import { AUTHORIZE_PARAMS, type AuthorizeParams, type AuthorizeRequest } from './authorize-request';
import { CONSENT_FIELD } from './consent-binding';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
label{display:block;margin:.8rem 0 .2rem}input[type=text],input[type=password]{width:100%;padding:.5rem;font:inherit}
.actions{margin-top:1.2rem;display:flex;gap:.6rem}button{padding:.5rem 1rem;font:inherit}.error{color:#a00}code{word-break:break-all}`;

/** Headers for the sign-in page: never cached, never framed (clickjacking), no scripts at all. */
export const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ` +
  `content="width=device-width"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>` +
  `${body}</body></html>`;

/** The page shown when the request itself is broken (no client or redirect URI to answer to). */
export const errorPage = (message: string): string =>
  page('Sign-in refused', `<h1>Sign-in refused</h1><p class="error">${escapeHtml(message)}</p>`);

/**
 * The sign-in and consent page: the user proves who they are with an app password (its client ID and secret,
 * created with the CLI), never a user password, and allows or denies the client. `consentToken` binds the
 * form to this rendering (consent-binding.ts).
 */
export function consentPage(
  request: AuthorizeRequest,
  params: AuthorizeParams,
  consentToken: string,
  problem?: string,
): string {
  const fields = AUTHORIZE_PARAMS.map((name) =>
    params[name] === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(params[name] ?? '')}">`,
  ).join('');
  const hidden = `${fields}<input type="hidden" name="${CONSENT_FIELD}" value="${escapeHtml(consentToken)}">`;
  const target = new URL(request.redirectUri);
  const access = request.scope
    ? `the access <code>${escapeHtml(request.scope)}</code>`
    : 'the access your app password grants';
  return page(
    'Allow access to Aisle',
    `<h1>Allow ${escapeHtml(request.client.clientName)}?</h1>
<p><strong>${escapeHtml(request.client.clientName)}</strong> (returning to <code>${escapeHtml(target.origin)}</code>) asks for ${access}
to <code>${escapeHtml(request.resource ?? 'the Aisle API')}</code> on your behalf.</p>
<p>Sign in with an <strong>app password</strong> of your tenant: its client ID and its secret ` +
      `(an administrator creates one with <code>npm run cli -- app-password create</code>). ` +
      `Your ordinary password is never asked for.</p>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="">${hidden}
<label for="ap_id">App password client ID</label><input type="text" id="ap_id" name="app_password_client_id" autocomplete="username" required>
<label for="ap_secret">App password secret</label><input type="password" id="ap_secret" name="app_password_secret" autocomplete="current-password" required>
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button></div>
</form>`,
  );
}
