import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new public client id (`ap_` + 96 random bits): safe to log, not guessable, says nothing about counts. */
export const newClientId = (): string => `ap_${randomBytes(12).toString('base64url')}`;

/**
 * A new client secret: 256 random bits. The prefix lets secret scanners (and people) recognise a leaked
 * one; base64url keeps it free of characters that need escaping in forms, Basic auth or shells.
 */
export const newClientSecret = (): string => `aisle_sk_${randomBytes(32).toString('base64url')}`;

/**
 * The stored form of a secret. A single SHA-256 is deliberate: slow hashes (scrypt, argon2) exist to make
 * guessing low-entropy human passwords expensive, but this secret is 256 random bits, so no amount of
 * guessing finds it and a fast hash keeps every token request cheap.
 */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Whether `secret` hashes to `storedHash`, compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
