// @ts-check
// The search preview: what publishing the draft would change in search results, one query at a time, live and
// draft side by side (GET /storefront/sites/{siteId}/search-preview). It changes nothing, so read-only tokens use it
// too.
import { ApiError } from '../api.js';
import { h, replace } from '../dom.js';
import { statusLine } from '../forms.js';
import { sitePath } from '../router.js';
import { notice } from './layout.js';
import { changeSummary, comparison } from './preview/comparison.js';
import { indexNote } from './preview/index-note.js';
import { rememberRequest, requestFromAddress, searchableMarkets, searchForm } from './preview/search-form.js';

/**
 * GET /storefront/sites/{siteId}/search-preview (StorefrontSearchPreviewDto).
 * @typedef {{
 *   siteId: number, market: string, language: string, source: 'given' | 'top-queries',
 *   indices: import('./preview/index-note.js').PreviewIndices, queries: import('./preview/comparison.js').ResultChange[],
 * }} SearchPreview
 */

/** @param {unknown} err */
function problemText(err) {
  if (err instanceof ApiError && err.status === 503)
    return (
      'Search is not available right now (the indexer or the search engine does not answer). Try again in a ' +
      'moment.'
    );
  if (err instanceof ApiError && Object.keys(err.fields).length > 0) return Object.values(err.fields).flat().join(' ');
  return err instanceof Error ? err.message : 'Something went wrong.';
}

/** @param {import('./site-page.js').SitePageContext} ctx */
const intro = (ctx) =>
  h(
    'div',
    { class: 'preview-intro' },
    h('h2', null, 'Search preview'),
    h(
      'p',
      { class: 'muted' },
      'See what publishing the draft would change for a search: the products shoppers get now beside those ' +
        'they would get. ',
      ctx.canWrite
        ? [
            'Change the results with query rules and synonyms on ',
            h('a', { href: sitePath(ctx.site.siteId, 'merchandising') }, 'Merchandising'),
            '.',
          ]
        : null,
    ),
  );

/**
 * @param {HTMLElement} region
 * @param {import('./site-page.js').SitePageContext} ctx
 */
export async function showPreview(region, ctx) {
  const siteId = ctx.site.siteId;
  const markets = searchableMarkets(ctx.site.draft.markets);
  if (markets.length === 0) {
    return replace(
      region,
      intro(ctx),
      notice('The draft has no active market to search in: add one on Configuration first.', 'alert'),
    );
  }
  const initial = requestFromAddress(location.search, markets);
  const status = statusLine();
  const results = h('div', { class: 'preview-results' });
  /** @type {AbortController | null} */
  let inFlight = null;

  /** @param {import('./preview/search-form.js').PreviewRequest} request */
  const compare = async (request) => {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    const signal = AbortSignal.any([controller.signal, ctx.signal]);
    setBusy(true);
    results.setAttribute('aria-busy', 'true');
    status.say(`Comparing “${request.q}”…`);
    try {
      const params = new URLSearchParams({ queries: request.q, market: request.market });
      /** @type {SearchPreview} */
      const answer = await ctx.api.get(`/storefront/sites/${siteId}/search-preview?${params}`, signal);
      rememberRequest(request);
      replace(results, indexNote(siteId, answer.indices), answer.queries.map(comparison));
      const change = answer.queries[0];
      status.say(
        change
          ? `Compared “${change.query}” in market ${answer.market}: ${changeSummary(change)}`
          : 'Nothing to compare.',
      );
    } catch (err) {
      if (signal.aborted) return;
      status.say('');
      replace(results, notice(`The preview could not be made: ${problemText(err)}`, 'alert'));
    } finally {
      if (inFlight === controller) {
        setBusy(false);
        results.removeAttribute('aria-busy');
      }
    }
  };

  const { form, setBusy } = searchForm({ markets, initial, onCompare: (request) => void compare(request) });
  replace(region, intro(ctx), form, status.element, results);
  if (initial.q !== '') await compare(initial);
}
