// @ts-check
// The shapes the console reads: its own /config.json and the admin API's answers (see /api/v1/openapi.json).

/**
 * @typedef {{ apiBaseUrl: string, clientId: string, authorizationEndpoint: string, tokenEndpoint: string }} ConsoleConfig
 * @typedef {{ accessToken: string, scope: string, expiresAt: number }} Token
 * @typedef {{
 *   siteId: number, code: string, name: string, active: boolean, publishedVersion: number | null,
 *   markets: string[], updatedAt: string,
 * }} SiteSummary
 * @typedef {{ siteId: number, publishedVersion: number | null, updatedAt: string, draft: SiteConfig }} SiteDetail
 * The draft as GET /storefront/sites/{siteId} answers it (StorefrontSiteConfigDto); each page narrows the parts it
 * edits.
 * @typedef {{
 *   site: { code: string, name: string, active?: boolean, [field: string]: unknown },
 *   markets: Record<string, unknown>[], facets: Record<string, unknown>[], collections: Record<string, unknown>[],
 *   queryRules: Record<string, unknown>[], synonyms: Record<string, unknown[]>,
 * }} SiteConfig
 * @typedef {'running' | 'ok' | 'gated' | 'failed' | 'cancelled'} RunOutcome
 * @typedef {{
 *   id: number, mode: 'full' | 'delta' | 'preview', outcome: RunOutcome, documentCount: number,
 *   total: number | null, warnings: { code: string }[], errors: string[], configVersion: number | null,
 *   startedAt: string, finishedAt: string | null,
 * }} SyncRun
 * @typedef {{ indexName: string, documentCount: number, runId: number | null, configVersion: number | null }} SiteIndex
 * @typedef {{ siteId: number, status: RunOutcome | 'never-run', runs: SyncRun[], live: SiteIndex | null }} SyncStatus
 */

export {};
