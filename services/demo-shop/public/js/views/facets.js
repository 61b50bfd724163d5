// @ts-check
import { debounce, h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { parseRange } from '../listing-query.js';
import { hierarchyBody } from './facet-hierarchy.js';

/** @typedef {import('../app.js').App} App */
/** @typedef {import('../types.js').Facet} Facet */
/** @typedef {import('../types.js').FacetValue} FacetValue */
/** @typedef {import('../listing-query.js').ListingQuery} ListingQuery */
/** @typedef {{ app: App, query: ListingQuery, go: (next: ListingQuery) => void }} FacetContext */

const VISIBLE_VALUES = 6;

/**
 * One facet's panel: collapsed panels start closed unless something in them is chosen.
 * @param {Facet} facet
 * @param {FacetContext} ctx
 */
export function facetPanel(facet, ctx) {
  const body = panelBody(facet, ctx);
  if (body === null) return null;
  // A toggle is its own label: a panel to open around one switch would only repeat it.
  if (facet.type === 'toggle') return h('div', { class: 'facet facet-toggle', dataset: { facet: facet.key } }, body);
  const chosen = (ctx.query.filters.get(facet.key) ?? []).length;
  return h(
    'details',
    { class: `facet facet-${facet.type}`, open: !facet.collapsed || chosen > 0, dataset: { facet: facet.key } },
    h('summary', null, h('span', null, facet.label), chosen > 0 && h('span', { class: 'facet-chosen' }, chosen)),
    facet.help && h('p', { class: 'facet-help' }, facet.help),
    body,
  );
}

/**
 * @param {Facet} facet
 * @param {FacetContext} ctx
 * @returns {HTMLElement | null}
 */
function panelBody(facet, ctx) {
  if (facet.type === 'range')
    return facet.range?.min === null || facet.range?.min === undefined ? null : rangeBody(facet, ctx);
  if (facet.type === 'toggle') return toggleBody(facet, ctx);
  if (facet.values.length === 0 && !ctx.query.filters.has(facet.key)) return null;
  if (facet.type === 'hierarchy') return hierarchyBody(facet, ctx);
  return valuesBody(facet, ctx);
}

/**
 * Values the shopper chose that the facet did not list (found through search-in-facet), so they can be unchosen.
 * @param {Facet} facet
 * @param {ListingQuery} query
 * @returns {FacetValue[]}
 */
function withChosen(facet, query) {
  const listed = new Set(facet.values.map((v) => v.value));
  const extra = (query.filters.get(facet.key) ?? [])
    .filter((v) => !listed.has(v))
    .map((value) => ({ value, label: value, count: 0, selected: true }));
  return [...extra, ...facet.values];
}

/**
 * A list or swatch facet: checkboxes or colour swatches, the first few shown, and a search box on searchable facets.
 * @param {Facet} facet
 * @param {FacetContext} ctx
 */
function valuesBody(facet, ctx) {
  const values = withChosen(facet, ctx.query);
  for (const v of values) if (v.swatch?.color) ctx.app.swatches.set(v.label, v.swatch.color);
  const list = h('ul', { class: facet.type === 'swatch' ? 'swatches' : 'values' });
  let expanded = false;
  const more = h('button', { type: 'button', class: 'link-button facet-more' });
  const show = () => {
    // The first few, and every chosen value wherever it ranks.
    const shown = expanded ? values : values.filter((v, i) => i < VISIBLE_VALUES || ctx.query.has(facet.key, v.value));
    replace(list, ...shown.map((v) => valueItem(facet, v, ctx)));
    more.textContent = expanded ? t('showFewer') : t('showMore', { n: values.length - shown.length });
    more.hidden = expanded ? values.length <= VISIBLE_VALUES : shown.length === values.length;
  };
  more.addEventListener('click', () => {
    expanded = !expanded;
    show();
  });
  show();
  return h('div', { class: 'facet-body' }, facet.searchable && facetSearch(facet, ctx, list, show), list, more);
}

/**
 * @param {Facet} facet
 * @param {FacetValue} v
 * @param {FacetContext} ctx
 */
function valueItem(facet, v, ctx) {
  const choose = () => ctx.go(ctx.query.toggle(facet.key, v.value, facet.match === 'single'));
  const chosen = ctx.query.has(facet.key, v.value);
  if (facet.type === 'swatch') {
    const dot = h('span', { class: 'swatch-dot' });
    const color = v.swatch?.color ?? ctx.app.swatches.get(v.label);
    if (color) dot.style.setProperty('--swatch', color);
    return h(
      'li',
      { dataset: { value: v.value } },
      h(
        'button',
        { type: 'button', class: 'swatch', 'aria-pressed': String(chosen), title: v.label, onclick: choose },
        dot,
        h('span', { class: 'swatch-label' }, v.label),
        v.count > 0 && h('span', { class: 'count' }, v.count),
      ),
    );
  }
  return h(
    'li',
    { dataset: { value: v.value } },
    h(
      'label',
      { class: 'check' },
      h('input', { type: 'checkbox', checked: chosen, onchange: choose }),
      h('span', { class: 'check-label' }, v.label),
      v.count > 0 && h('span', { class: 'count' }, v.count),
    ),
  );
}

/**
 * Search-in-facet: the facet's values matching what the shopper types, counted under the other filters.
 * @param {Facet} facet
 * @param {FacetContext} ctx
 * @param {HTMLUListElement} list
 * @param {() => void} restore shows the facet's own values again
 */
function facetSearch(facet, ctx, list, restore) {
  /** @type {AbortController | null} */
  let pending = null;
  const input = h('input', {
    type: 'search',
    class: 'facet-search',
    placeholder: t('searchIn', { facet: facet.label.toLowerCase() }),
    'aria-label': t('searchIn', { facet: facet.label }),
  });
  const search = debounce(async () => {
    pending?.abort();
    const q = input.value.trim();
    if (q === '') return restore();
    pending = new AbortController();
    const params = ctx.query.toParams();
    params.delete('page');
    params.delete('sort');
    params.delete('q');
    params.set('q', q.slice(0, 100));
    try {
      const { values } = await ctx.app.api.facetValues(facet.key, params, pending.signal);
      const found = values.map((v) => ({ ...v, selected: ctx.query.has(facet.key, v.value) }));
      replace(
        list,
        ...(found.length > 0
          ? found.map((v) => valueItem(facet, v, ctx))
          : [h('li', { class: 'facet-empty' }, t('noMatches'))]),
      );
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError'))
        replace(list, h('li', { class: 'facet-empty' }, t('somethingWrong')));
    }
  }, 200);
  input.addEventListener('input', search);
  return input;
}

/**
 * A range: from and to, either may be left open (`min-max` in the filter grammar).
 * @param {Facet} facet
 * @param {FacetContext} ctx
 */
function rangeBody(facet, ctx) {
  const { min: from, max: to } = parseRange(ctx.query.filters.get(facet.key)?.[0] ?? '') ?? { min: '', max: '' };
  const unit = rangeUnit(facet, ctx.app);
  const step = String(facet.range?.step ?? 1);
  const low = h('input', {
    type: 'number',
    name: 'min',
    inputmode: 'decimal',
    step,
    value: from,
    placeholder: String(Math.floor(Number(facet.range?.min ?? 0))),
    'aria-label': `${facet.label} ${t('min')}`,
  });
  const high = h('input', {
    type: 'number',
    name: 'max',
    inputmode: 'decimal',
    step,
    value: to,
    placeholder: String(Math.ceil(Number(facet.range?.max ?? 0))),
    'aria-label': `${facet.label} ${t('max')}`,
  });
  const submit = (/** @type {Event} */ e) => {
    e.preventDefault();
    const range = low.value === '' && high.value === '' ? [] : [`${low.value}-${high.value}`];
    ctx.go(ctx.query.withFilter(facet.key, range));
  };
  return h(
    'form',
    { class: 'facet-body range', onsubmit: submit },
    h('label', null, h('span', null, t('min')), low),
    h('span', { class: 'range-dash' }, '–'),
    h('label', null, h('span', null, t('max')), high),
    unit && h('span', { class: 'range-unit' }, unit),
    h('button', { type: 'submit', class: 'button button-small' }, t('apply')),
  );
}

/**
 * A range's unit: the configured one, or the market's currency for prices.
 * @param {Facet} facet
 * @param {App} app
 */
export function rangeUnit(facet, app) {
  return (
    facet.range?.unit ??
    (facet.key === 'price' ? app.site.markets.find((m) => m.code === app.site.market)?.currency : null) ??
    ''
  );
}

/**
 * A toggle: on means `true`; off means no opinion.
 * @param {Facet} facet
 * @param {FacetContext} ctx
 */
function toggleBody(facet, ctx) {
  const value = facet.values[0];
  const on = ctx.query.has(facet.key, 'true');
  if (!on && (value === undefined || value.count === 0)) return null;
  return h(
    'div',
    { class: 'facet-body', title: facet.help ?? undefined },
    h(
      'label',
      { class: 'toggle' },
      h('input', {
        type: 'checkbox',
        role: 'switch',
        checked: on,
        onchange: () => ctx.go(ctx.query.withFilter(facet.key, on ? [] : ['true'])),
      }),
      h('span', { class: 'toggle-track', 'aria-hidden': 'true' }),
      h('span', { class: 'check-label' }, facet.label),
      value && value.count > 0 && h('span', { class: 'count' }, value.count),
    ),
  );
}
