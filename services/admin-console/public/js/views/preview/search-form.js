// @ts-check
// The preview's search form: a query and the market to search in. The address carries both (?q=&market=), so a
// comparison can be linked to (the analytics page does, from each no-hit query) and reloaded.
import { h } from '../../dom.js';
import { field } from '../../forms.js';

/** @typedef {{ code: string, language: string, currency?: string, isDefault?: boolean, active?: boolean }} MarketOption */
/** @typedef {{ q: string, market: string }} PreviewRequest */

/** The longest query the API compares. */
const MAX_QUERY = 200;

/**
 * The draft's markets shoppers can search in, the default one first.
 * @param {Record<string, unknown>[]} markets the draft's markets
 * @returns {MarketOption[]}
 */
export function searchableMarkets(markets) {
  const list = /** @type {MarketOption[]} */ (markets).filter((m) => m.active !== false);
  return [...list.filter((m) => m.isDefault), ...list.filter((m) => !m.isDefault)];
}

/**
 * What the address asks for: `?q=` and `?market=` (a market the draft lacks falls back to the default).
 * @param {string} search location.search
 * @param {MarketOption[]} markets
 * @returns {PreviewRequest}
 */
export function requestFromAddress(search, markets) {
  const params = new URLSearchParams(search);
  const market = params.get('market') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY),
    market: markets.some((m) => m.code === market) ? market : (markets[0]?.code ?? ''),
  };
}

/**
 * Puts the request in the address without a new history entry (the page is the same page).
 * @param {PreviewRequest} request
 */
export function rememberRequest(request) {
  const params = new URLSearchParams({ q: request.q });
  if (request.market !== '') params.set('market', request.market);
  history.replaceState(history.state, '', `${location.pathname}?${params}`);
}

/**
 * @param {{ markets: MarketOption[], initial: PreviewRequest, onCompare: (request: PreviewRequest) => void }} options
 * @returns {{ form: HTMLFormElement, setBusy: (busy: boolean) => void }}
 */
export function searchForm({ markets, initial, onCompare }) {
  const query = field({
    path: '$.q',
    label: 'Search query',
    value: initial.q,
    type: 'search',
    required: true,
    hint:
      'Type what a shopper would search for; the top 10 products of the live configuration and of the draft ' +
      'are compared.',
    attrs: { maxlength: MAX_QUERY, autocomplete: 'off', spellcheck: 'false' },
  });
  const options = markets.map((m) => ({
    value: m.code,
    label: `${m.code} (${m.language}${m.currency ? `, ${m.currency}` : ''})${m.isDefault ? ', default' : ''}`,
  }));
  const market = field({ path: '$.market', label: 'Market', value: initial.market, options });
  const submit = h('button', { type: 'submit', class: 'button primary' }, 'Compare');
  const form = h(
    'form',
    { class: 'preview-form panel', role: 'search', 'aria-label': 'Search preview', novalidate: true },
    h('div', { class: 'preview-form-fields' }, query, market, h('div', { class: 'preview-form-actions' }, submit)),
  );
  const input = /** @type {HTMLInputElement} */ (query.querySelector('input'));
  const select = /** @type {HTMLSelectElement} */ (market.querySelector('select'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const q = input.value.trim();
    if (q === '') {
      input.setAttribute('aria-invalid', 'true');
      const error = /** @type {HTMLElement} */ (query.querySelector('.field-error'));
      error.hidden = false;
      error.replaceChildren(h('span', null, 'Type a query to compare.'));
      input.focus();
      return;
    }
    input.removeAttribute('aria-invalid');
    /** @type {HTMLElement} */ (query.querySelector('.field-error')).hidden = true;
    onCompare({ q, market: select.value });
  });
  return {
    form,
    setBusy: (busy) => {
      submit.toggleAttribute('disabled', busy);
      form.setAttribute('aria-busy', String(busy));
    },
  };
}
