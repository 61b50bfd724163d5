import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { parse } from 'cookie';

// The consent form signs a person in with whatever app password is typed into it, so a form posted from another
// site could sign the victim's browser in as the attacker (login CSRF). Each rendering of the page sets a random
// token in a SameSite=Strict cookie and in the form; a decision counts only when both arrive and agree.

const COOKIE = 'aisle_consent';
/** The form field carrying the page's token. */
export const CONSENT_FIELD = 'consent_token';
const LIFETIME_MS = 15 * 60_000;

/** The authorization endpoint's path as the browser sees it (the issuer may sit under a base path). */
const cookiePath = (issuer: string) => `${new URL(issuer).pathname.replace(/\/+$/, '')}/oauth/authorize`;

/** A fresh token for one rendering of the consent page: set in the cookie, returned for the form. */
export function issueConsentToken(res: Response, issuer: string): string {
  const token = randomBytes(32).toString('base64url');
  res.cookie(COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: issuer.startsWith('https:'),
    path: cookiePath(issuer),
    maxAge: LIFETIME_MS,
  });
  return token;
}

const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Why this decision cannot be taken, or null when it was posted from the page this browser was shown. A foreign
 * `Origin` is refused; `null` or none is allowed, because the page's no-referrer policy makes browsers send `null`.
 */
export function consentBindingProblem(req: Request, issuer: string): string | null {
  const origin = req.get('origin');
  if (origin !== undefined && origin !== 'null' && origin !== new URL(issuer).origin)
    return 'This form was sent from another site, so it was not accepted.';
  const cookie = parse(req.headers.cookie ?? '')[COOKIE];
  const field = (req.body as Record<string, unknown> | undefined)?.[CONSENT_FIELD];
  if (cookie === undefined || typeof field !== 'string' || !sameToken(cookie, field))
    return 'This sign-in page had expired or was opened in another browser. Check the details and choose again.';
  return null;
}
