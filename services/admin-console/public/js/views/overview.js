// @ts-check
import { ApiError } from '../api.js';
import { h, replace } from '../dom.js';
import { age, count, modeLabel, outcomeLabel, when } from '../format.js';
import { sitePath } from '../router.js';
import { notice } from './layout.js';

/** @typedef {import('../types.js').SiteSummary} SiteSummary */
/** @typedef {import('../types.js').SyncStatus} SyncStatus */

/** @param {unknown} err */
const problem = (err) => (err instanceof ApiError || err instanceof TypeError ? err.message : 'Something went wrong.');

/**
 * A badge naming an outcome; the colour repeats what the text says, never replaces it.
 * @param {keyof typeof import('../format.js').OUTCOME_LABELS} outcome
 */
const outcomeBadge = (outcome) => h('span', { class: `badge badge-${outcome}` }, outcomeLabel(outcome));

/** @param {SiteSummary} site */
function siteCell(site) {
  return h(
    'th',
    { scope: 'row', 'data-label': 'Site' },
    h('a', { class: 'site-name', href: sitePath(site.siteId, 'runs') }, site.name),
    h(
      'span',
      { class: 'site-code' },
      h('code', null, site.code),
      site.active ? null : h('span', { class: 'badge badge-off' }, 'Switched off'),
    ),
  );
}

/** @param {SiteSummary} site */
const versionCell = (site) =>
  h(
    'td',
    { 'data-label': 'Live version' },
    site.publishedVersion === null
      ? h('span', { class: 'muted' }, 'Not published')
      : `Version ${site.publishedVersion}`,
  );

/** @param {SyncStatus | Error} runs */
function lastRunCell(runs) {
  if (runs instanceof Error)
    return h(
      'td',
      { 'data-label': 'Last run' },
      h('span', { class: 'error-text' }, `Runs could not be read: ${problem(runs)}`),
    );
  const run = runs.runs[0];
  if (run === undefined) return h('td', { 'data-label': 'Last run' }, h('span', { class: 'muted' }, 'No run yet'));
  const at = run.finishedAt ?? run.startedAt;
  // Non-breaking spaces keep a number with its noun when a narrow column wraps the line.
  const warnings =
    run.warnings.length > 0
      ? ` · ${count(run.warnings.length)}\u00a0${run.warnings.length === 1 ? 'warning' : 'warnings'}`
      : '';
  return h(
    'td',
    { 'data-label': 'Last run', class: 'last-run' },
    h('span', { class: 'run-head' }, outcomeBadge(run.outcome), ` ${modeLabel(run.mode)}`),
    h(
      'span',
      { class: 'run-age' },
      run.finishedAt === null ? 'Started ' : 'Finished ',
      h('time', { datetime: at, title: when(at) }, age(at)),
    ),
    h('span', { class: 'run-detail' }, `${count(run.documentCount)}\u00a0documents${warnings}`),
  );
}

/**
 * The site's health: the outcome of the newest full run (a gated one awaits confirmation).
 * @param {SyncStatus | Error} runs
 */
const healthCell = (runs) =>
  h(
    'td',
    { 'data-label': 'Health' },
    runs instanceof Error ? h('span', { class: 'muted' }, 'Unknown') : outcomeBadge(runs.status),
  );

/**
 * The live index's size: the products shoppers can find now (deltas change it after the run that built it).
 * @param {SyncStatus | Error} runs
 */
function sizeCell(runs) {
  const live = runs instanceof Error ? undefined : runs.live;
  if (live === undefined) return h('td', { 'data-label': 'Index size' }, h('span', { class: 'muted' }, 'Unknown'));
  if (live === null) return h('td', { 'data-label': 'Index size' }, h('span', { class: 'muted' }, 'No live index'));
  return h(
    'td',
    { 'data-label': 'Index size', class: 'index-size' },
    `${count(live.documentCount)}\u00a0${live.documentCount === 1 ? 'product' : 'products'}`,
  );
}

/**
 * @param {SiteSummary} site
 * @param {SyncStatus | Error} runs
 */
const siteRow = (site, runs) =>
  h(
    'tr',
    { dataset: { siteId: String(site.siteId) } },
    siteCell(site),
    versionCell(site),
    healthCell(runs),
    sizeCell(runs),
    lastRunCell(runs),
    h('td', { 'data-label': 'Markets' }, site.markets.join(', ') || '—'),
  );

/**
 * @param {SiteSummary[]} sites
 * @param {(SyncStatus | Error)[]} runs
 */
function sitesTable(sites, runs) {
  const columns = ['Site', 'Live version', 'Health', 'Index size', 'Last run', 'Markets'];
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'sites' },
      h(
        'caption',
        { class: 'visually-hidden' },
        'Storefront sites with their live configuration version, health, index size and last index run',
      ),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          columns.map((c) => h('th', { scope: 'col' }, c)),
        ),
      ),
      h(
        'tbody',
        null,
        sites.map((site, i) => siteRow(site, /** @type {SyncStatus | Error} */ (runs[i]))),
      ),
    ),
  );
}

const emptyState = () =>
  h(
    'section',
    { class: 'empty-state', 'aria-labelledby': 'empty-title' },
    h('h2', { id: 'empty-title' }, 'No storefront sites yet'),
    h(
      'p',
      null,
      'This tenant has no storefront site. Once one is created (with ',
      h('code', null, 'npm run cli -- site save'),
      ' or ',
      h('code', null, 'POST /api/v1/storefront/sites'),
      '), it is listed here with its live configuration and index runs.',
    ),
  );

/**
 * Loads the sites and each one's newest run into `region`.
 * @param {HTMLElement} region
 * @param {import('../api.js').AdminApi} api
 */
async function loadSites(region, api) {
  region.setAttribute('aria-busy', 'true');
  replace(region, notice('Loading sites…'));
  try {
    const { sites } = /** @type {{ sites: SiteSummary[] }} */ (await api.get('/storefront/sites'));
    if (sites.length === 0) return replace(region, emptyState());
    const runs = await Promise.all(
      sites.map((s) => api.get(`/storefront/sites/${s.siteId}/runs?limit=1`).catch((/** @type {Error} */ err) => err)),
    );
    replace(
      region,
      h('p', { class: 'muted summary' }, `${count(sites.length)} ${sites.length === 1 ? 'site' : 'sites'}`),
      sitesTable(sites, /** @type {(SyncStatus | Error)[]} */ (runs)),
    );
  } catch (err) {
    replace(region, notice(`The sites could not be loaded: ${problem(err)}`, 'alert'));
  } finally {
    region.removeAttribute('aria-busy');
  }
}

/**
 * The overview: the tenant's sites, each with its live configuration version, index status and last run.
 * @param {HTMLElement} main
 * @param {import('../api.js').AdminApi} api
 */
export async function showOverview(main, api) {
  const region = h('div', { class: 'region' });
  const refresh = h(
    'button',
    { type: 'button', class: 'button secondary', onclick: () => void loadSites(region, api) },
    'Refresh',
  );
  replace(main, h('div', { class: 'page-head' }, h('h1', null, 'Sites'), refresh), region);
  await loadSites(region, api);
}
