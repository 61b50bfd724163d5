// @ts-check
// The shapes the console reads: its own /config.json and the admin API's answers (see /api/v1/openapi.json).

/**
 * @typedef {{ apiBaseUrl: string, clientId: string, authorizationEndpoint: string, tokenEndpoint: string }} ConsoleConfig
 * @typedef {{ accessToken: string, scope: string, expiresAt: number }} Token
 * @typedef {{
 *   siteId: number, code: string, name: string, active: boolean, publishedVersion: number | null,
 *   markets: string[], updatedAt: string,
 * }} SiteSummary
 * @typedef {'running' | 'ok' | 'gated' | 'failed' | 'cancelled'} RunOutcome
 * @typedef {{
 *   id: number, mode: 'full' | 'delta' | 'preview', outcome: RunOutcome, documentCount: number,
 *   total: number | null, warnings: { code: string }[], errors: string[], configVersion: number | null,
 *   startedAt: string, finishedAt: string | null,
 * }} SyncRun
 * @typedef {{ siteId: number, status: RunOutcome | 'never-run', runs: SyncRun[] }} SyncStatus
 */

export {};
