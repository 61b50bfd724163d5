// @ts-check
// Search analytics of a site over a chosen period: searches per day (a chart, with a table), the top queries, the
// queries that found nothing (with shortcuts to a synonym, a rule or a preview) and the top filters.
// GET /storefront/sites/{siteId}/search-analytics/{volume|top-queries|no-hit-queries|top-filters}.
import { ApiError } from '../api.js';
import { h, replace } from '../dom.js';
import { count } from '../format.js';
import { statusLine } from '../forms.js';
import { notice } from './layout.js';
import { reportControls } from './analytics/controls.js';
import { choiceFromAddress, periodLabel, rangeOf, rememberChoice } from './analytics/period.js';
import { noHitTable, topFiltersTable, topQueriesTable } from './analytics/report-tables.js';
import { volumeChart } from './analytics/volume-chart.js';

/**
 * One report's answer (SearchAnalyticsReportDto); `items` as the report has them.
 * @template T
 * @typedef {{ from: string, to: string, market: string | null, totals: { requests: number, noHitRequests: number }, items: T[] }} Report
 */
/** @typedef {import('./analytics/volume-chart.js').DayVolume} DayVolume */
/** @typedef {import('./analytics/report-tables.js').QueryStat} QueryStat */
/** @typedef {import('./analytics/report-tables.js').FilterStat} FilterStat */
/** @typedef {{ code: string, language: string, isDefault?: boolean }} Market */

const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

/** @param {unknown} err */
const problemText = (err) =>
  err instanceof ApiError && Object.keys(err.fields).length > 0
    ? Object.values(err.fields).flat().join(' ')
    : err instanceof Error
      ? err.message
      : 'Something went wrong.';

/**
 * A panel with a heading; its body is the report, or the reason it could not be read.
 * @template T
 * @param {string} id
 * @param {string} title
 * @param {string} intro
 * @param {PromiseSettledResult<T>} result
 * @param {(value: T) => Node} render
 */
function reportPanel(id, title, intro, result, render) {
  const body =
    result.status === 'fulfilled'
      ? render(result.value)
      : notice(`This report could not be read: ${problemText(result.reason)}`, 'alert');
  return h(
    'section',
    { class: `panel an-panel an-${id}`, 'aria-labelledby': `an-${id}-title` },
    h('h3', { id: `an-${id}-title` }, title),
    h('p', { class: 'an-intro' }, intro),
    body,
  );
}

/** The period's totals, in words. @param {Report<DayVolume>} volume */
function totalsLine(volume) {
  const { requests, noHitRequests } = volume.totals;
  const days = volume.items.length;
  const stats = [
    { label: 'Searches', value: count(requests) },
    {
      label: 'Found nothing',
      value: requests > 0 ? `${count(noHitRequests)} (${percent.format(noHitRequests / requests)})` : '0',
    },
    { label: 'Per day on average', value: count(Math.round((requests / Math.max(days, 1)) * 10) / 10) },
  ];
  return h(
    'dl',
    { class: 'an-totals' },
    stats.map((s) => h('div', null, h('dt', null, s.label), h('dd', null, s.value))),
  );
}

/**
 * The chart section: the totals, then the chart, or a plain sentence when nobody searched.
 * @param {PromiseSettledResult<Report<DayVolume>>} result
 * @param {AbortSignal} signal
 */
function volumePanel(result, signal) {
  return reportPanel(
    'volume',
    'Searches per day',
    'Every listing request, browse pages included, per UTC day; dashed: those that found nothing.',
    result,
    (/** @type {Report<DayVolume>} */ volume) =>
      volume.totals.requests === 0
        ? h('div', null, totalsLine(volume), h('p', { class: 'an-empty' }, 'No searches were recorded in this period.'))
        : h('div', null, totalsLine(volume), volumeChart(volume.items, signal)),
  );
}

/**
 * @param {HTMLElement} region
 * @param {import('./site-page.js').SitePageContext} ctx
 */
export async function showAnalytics(region, ctx) {
  const siteId = ctx.site.siteId;
  const markets = /** @type {Market[]} */ (/** @type {unknown} */ (ctx.site.draft.markets));
  const initial = choiceFromAddress(location.search);
  const status = statusLine();
  const heading = h('p', { class: 'an-period' });
  const results = h('div', { class: 'an-results' });
  /** @type {AbortController | null} */
  let current = null;

  /** @param {import('./analytics/period.js').ReportChoice} choice */
  const show = async (choice) => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    const signal = AbortSignal.any([controller.signal, ctx.signal]);
    const range = rangeOf(choice.period);
    const label = periodLabel(choice.period, range);
    const marketLabel = choice.market === '' ? 'all markets' : `market ${choice.market}`;
    setBusy(true);
    results.setAttribute('aria-busy', 'true');
    status.say(`Loading the reports for ${label}, ${marketLabel}…`);
    const query = new URLSearchParams({ ...range, ...(choice.market === '' ? {} : { market: choice.market }) });
    const read = (/** @type {string} */ report, limit = '') =>
      ctx.api.get(`/storefront/sites/${siteId}/search-analytics/${report}?${query}${limit}`, signal);
    const [volume, top, noHits, filters] = await Promise.allSettled([
      read('volume'),
      read('top-queries', '&limit=20'),
      read('no-hit-queries', '&limit=20'),
      read('top-filters', '&limit=20'),
    ]);
    if (signal.aborted) return;
    rememberChoice(choice);
    // A synonym belongs to a language: the chosen market's, or the default market's for every market.
    const market = markets.find((m) => m.code === choice.market) ?? markets.find((m) => m.isDefault) ?? markets[0];
    const tableCtx = { siteId, language: market?.language ?? 'en', canWrite: ctx.canWrite };
    replace(heading, `${label} · ${choice.market === '' ? 'All markets' : `Market ${choice.market}`}`);
    replace(
      results,
      volumePanel(/** @type {PromiseSettledResult<Report<DayVolume>>} */ (volume), signal),
      reportPanel(
        'no-hits',
        'Queries that found nothing',
        'Queries whose latest search found no product, most often first: candidates for a synonym or a rule.',
        noHits,
        (/** @type {Report<QueryStat>} */ r) =>
          h(
            'div',
            null,
            noHitTable(r.items, tableCtx, r.totals.requests),
            ctx.canWrite
              ? null
              : h(
                  'p',
                  { class: 'hint' },
                  'Adding synonyms and rules needs read-write access; this sign-in is read-only.',
                ),
          ),
      ),
      h(
        'div',
        { class: 'an-pair' },
        reportPanel(
          'top-queries',
          'Top queries',
          'What shoppers searched for most.',
          top,
          (/** @type {Report<QueryStat>} */ r) => topQueriesTable(r.items),
        ),
        reportPanel(
          'top-filters',
          'Top filters',
          'The filter values shoppers chose most in listings.',
          filters,
          (/** @type {Report<FilterStat>} */ r) => topFiltersTable(r.items),
        ),
      ),
    );
    results.removeAttribute('aria-busy');
    setBusy(false);
    const failed = [volume, top, noHits, filters].filter((r) => r.status === 'rejected').length;
    status.say(
      failed === 0
        ? `Showing: ${label}, ${marketLabel}.`
        : `Showing: ${label}, ${marketLabel}; ${failed} of 4 reports could not be read.`,
    );
  };

  const { form, setBusy } = reportControls({ initial, markets, onShow: (choice) => void show(choice) });
  replace(
    region,
    h('div', { class: 'an-head' }, h('h2', null, 'Search analytics'), heading),
    h(
      'p',
      { class: 'an-lead muted' },
      'What shoppers search for on this site, counted per UTC day. Each day keeps its most frequent queries ' +
        'and filters, so a rare one may be missing; totals count every search.',
    ),
    form,
    status.element,
    results,
  );
  await show(initial);
}
