// @ts-check
// The parts of the draft the merchandising page reads and writes (shared/storefront-config/schemas.ts has the rules).

/**
 * @typedef {{ code: string, language: string, currency: string, country: string, isDefault: boolean, active: boolean }} Market
 * @typedef {{ terms: string[] } | { from: string, to: string[] }} SynonymEntry
 * @typedef {{ productId: string, position: number }} Pin
 * @typedef {Record<string, string[]>} FilterMap facet key to values, as the storefront's filters take them
 * @typedef {{ kind: 'url', url: string } | { kind: 'collection', collectionId: number }} RedirectTarget
 * @typedef {{
 *   id: number, query: string, match: 'exact' | 'contains', markets: string[], activeFrom: string | null,
 *   activeUntil: string | null, target: RedirectTarget | null, pin: Pin[], hide: string[], boost: FilterMap | null,
 *   bury: FilterMap | null, filter: FilterMap | null,
 * }} QueryRule
 * @typedef {Omit<QueryRule, 'id'>} QueryRuleBody
 * @typedef {{ id: number, names: Record<string, string> }} Collection
 * @typedef {{ key: string, definition: { label: Record<string, string> } }} Facet
 * @typedef {{ markets: Market[], queryRules: QueryRule[], synonyms: Record<string, SynonymEntry[]>, collections: Collection[], facets: Facet[] }} Merchandising
 */

/**
 * The draft as the merchandising page reads it.
 * @param {import('../../types.js').SiteConfig} draft
 * @returns {Merchandising}
 */
export const merchandisingOf = (draft) => /** @type {Merchandising} */ (/** @type {unknown} */ (draft));
