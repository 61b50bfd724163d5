// @ts-check
// Storefront keys as the API answers them (StorefrontKeyDto) and as the console words them.

/**
 * @typedef {'publishable' | 'preview' | 'secret'} KeyKind
 * @typedef {{
 *   id: number, siteId: number, kind: KeyKind, label: string, hint: string, publishedVersion: number | null,
 *   createdAt: string, revokedAt: string | null,
 * }} SiteKey
 * @typedef {SiteKey & { key: string, note: string }} CreatedKey the POST answer: the raw key, this once
 */

/** Each kind: its name, the raw key's prefix, and what it is for (the storefront spec's Authentication section). */
export const KINDS = /** @type {const} */ ([
  {
    kind: 'publishable',
    label: 'Publishable',
    prefix: 'sfk_pub_',
    short: 'for browsers',
    use: 'for browsers: reads the published configuration, safe in a storefront page',
  },
  {
    kind: 'preview',
    label: 'Preview',
    prefix: 'sfk_prv_',
    short: 'for draft preview',
    use: 'for editorial preview: reads the unpublished draft and the preview index',
  },
  {
    kind: 'secret',
    label: 'Secret',
    prefix: 'sfk_sec_',
    short: 'for servers only',
    use: 'for servers only: a higher rate limit, refused from a browser',
  },
]);

/** @param {KeyKind} kind */
export const kindLabel = (kind) => KINDS.find((k) => k.kind === kind)?.label ?? kind;

/** @param {SiteKey} key */
export const keyName = (key) => key.label.trim() || `${kindLabel(key.kind)} key`;

/** @param {SiteKey} key @returns {'revoked' | 'waiting' | 'live'} */
export const keyState = (key) =>
  key.revokedAt !== null ? 'revoked' : key.publishedVersion === null ? 'waiting' : 'live';
