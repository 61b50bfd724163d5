import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Redis } from '../../../shared/redis';

/** What an authorization code stands for, until it is exchanged once. */
export const codeGrantSchema = z.object({
  clientId: z.string(),
  redirectUri: z.string(),
  codeChallenge: z.string(),
  resource: z.string().optional(),
  scope: z.string(),
  appPasswordId: z.number().int(),
});
export type CodeGrant = z.infer<typeof codeGrantSchema>;

/** A code lives one minute (RFC 6749 §4.1.2 recommends at most ten). */
export const CODE_TTL_SECONDS = 60;

/** RFC 7636: a verifier is 43 to 128 unreserved characters. */
export const isCodeVerifier = (value: string): boolean => /^[A-Za-z0-9._~-]{43,128}$/.test(value);

/** A challenge is a base64url SHA-256 (43 characters). */
export const isS256Challenge = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);

/** `BASE64URL(SHA256(verifier))` (RFC 7636 §4.2, method S256). */
export const s256 = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** Codes in Redis, keyed by their hash (a leaked key listing reveals no usable code), taken at most once. */
export function createCodeStore(redis: Redis, prefix: string) {
  const key = (code: string) => `${prefix}:authz-code:${createHash('sha256').update(code).digest('hex')}`;
  return {
    async issue(grant: CodeGrant): Promise<string> {
      const code = randomBytes(32).toString('base64url');
      await redis.set(key(code), JSON.stringify(grant), 'EX', CODE_TTL_SECONDS);
      return code;
    },
    /** The grant of `code`, deleted in the same step: a replayed code finds nothing. */
    async take(code: string): Promise<CodeGrant | undefined> {
      const raw = await redis.getdel(key(code));
      if (raw === null) return undefined;
      const parsed = codeGrantSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : undefined;
    },
  };
}
export type CodeStore = ReturnType<typeof createCodeStore>;
