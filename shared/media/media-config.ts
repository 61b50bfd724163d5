import path from 'node:path';
import { z } from 'zod';

/** The media host's port under `npm start` (MEDIA_PORT). */
export const DEFAULT_MEDIA_PORT = 3004;
export const DEFAULT_MEDIA_BASE_URL = `http://127.0.0.1:${DEFAULT_MEDIA_PORT}`;

/** What the storefront announces in the site's `media` block: where the media host answers. */
export const mediaBaseUrlSchema = z.object({
  MEDIA_BASE_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_MEDIA_BASE_URL),
});

/** Limits of reading sources by URL (the indexer); see docs/decisions.md. */
export const mediaSourceConfigSchema = z.object({
  MEDIA_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  MEDIA_FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** Allow source URLs on private and loopback addresses (a shop's image store on its own network). */
  MEDIA_FETCH_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** Where media live under DATA_DIR: the sources relative `source` paths name, and the rendition store. */
export function mediaDirs(dataDir: string): { sources: string; renditions: string } {
  const root = path.resolve(dataDir, 'media');
  return { sources: path.join(root, 'sources'), renditions: path.join(root, 'renditions') };
}
