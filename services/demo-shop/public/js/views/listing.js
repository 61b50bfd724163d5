// @ts-check
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { icon } from '../icons.js';
import { ListingQuery, parseRange } from '../listing-query.js';
import { facetPanel, rangeUnit } from './facets.js';
import { productCard } from './product-card.js';

/** @typedef {import('../app.js').App} App */
/** @typedef {import('../types.js').Listing} Listing */

const PAGE_SIZE = 24;
/** The API's bound: page times pageSize at most 10000. */
const MAX_ITEMS = 10_000;

/**
 * A listing page: all products (`/`), a search (`/search`) or a collection (`/k/<path>`), with its facets, the
 * filters applied, sort and paging. Its state is the URL's query (see ListingQuery).
 * @param {App} app
 * @param {URL} url
 */
export async function listingView(app, url) {
  const query = ListingQuery.fromParams(url.searchParams);
  const { listing, title, crumbs } = await loadListing(app, url, query);
  const go = (/** @type {ListingQuery} */ next) =>
    app.navigate(`${location.pathname}?${next.toParams()}`, { keepScroll: true });
  const home = url.pathname === '/' && query.filters.size === 0 && query.page === 1;
  const { facets, toggle } = facetsAside(
    listing.facets.map((f) => facetPanel(f, { app, query, go })),
    query.filters.size,
  );
  return h(
    'div',
    { class: 'listing-page' },
    home && hero(app),
    h(
      'div',
      { class: 'listing-head' },
      crumbs.length > 0 &&
        h(
          'nav',
          { class: 'breadcrumb', 'aria-label': 'Breadcrumb' },
          h('a', { href: '/' }, t('home')),
          crumbs.flatMap((c) => [icon('chevron'), h('a', { href: c.href }, c.name)]),
        ),
      h('h1', null, title),
      h(
        'p',
        { class: 'result-count' },
        listing.total === 1 ? t('oneResult') : t('results', { n: listing.total.toLocaleString(app.site.language) }),
      ),
      toggle,
    ),
    h(
      'div',
      { class: 'listing-layout' },
      facets,
      h(
        'section',
        { class: 'results' },
        toolbar(app, listing, query, go),
        listing.items.length > 0
          ? h(
              'div',
              { class: 'grid' },
              listing.items.map((card) => productCard(card, app.site.language)),
            )
          : h('p', { class: 'empty' }, t('noResults')),
        pager(listing, query, go),
      ),
    ),
  );
}

/**
 * The listing the URL names, its title and (for a collection) the breadcrumb above it.
 * @param {App} app
 * @param {URL} url
 * @param {ListingQuery} query
 * @returns {Promise<{ listing: Listing, title: string, crumbs: { name: string, href: string }[] }>}
 */
async function loadListing(app, url, query) {
  const params = query.toParams();
  params.set('pageSize', String(PAGE_SIZE));
  if (url.pathname.startsWith('/k/')) {
    // A collection's slug is per language: after a market change the page asks by id and takes the new path.
    const byId = /** @type {{ collectionId?: string } | null} */ (history.state)?.collectionId;
    const page = await app.api.collection(byId ?? decodeURIComponent(url.pathname).split('/').pop() ?? '', params);
    history.replaceState({ collectionId: page.collection.id }, '', `/k/${page.collection.path}${url.search}`);
    const crumbs = page.breadcrumb
      .slice(0, -1)
      .map((c) => ({ name: c.name, href: `/k/${pathOf(app, c.id) ?? c.slug}` }));
    return { listing: page.listing, title: page.collection.name, crumbs };
  }
  const listing = await app.api.products(params);
  // A query rule may send a search to a collection.
  const target = listing.redirect?.collection;
  if (target) app.navigate(`/k/${pathOf(app, target.slug) ?? target.slug}`, { replace: true });
  return { listing, title: query.q !== '' ? t('resultsFor', { q: query.q }) : t('allProducts'), crumbs: [] };
}

/**
 * The facet panels, and the button that shows them on a narrow screen (where they would otherwise push the
 * products below the fold).
 * @param {(HTMLElement | null)[]} panels
 * @param {number} chosen how many facets have a filter
 */
function facetsAside(panels, chosen) {
  const facets = h('aside', { class: 'facets', id: 'facets', 'aria-label': t('filters') }, panels);
  const toggle = h(
    'button',
    {
      type: 'button',
      class: 'button button-small filters-button',
      'aria-controls': 'facets',
      'aria-expanded': 'false',
      onclick: () => toggle.setAttribute('aria-expanded', String(facets.classList.toggle('is-open'))),
    },
    t('filters'),
    chosen > 0 && ` (${chosen})`,
  );
  return { facets, toggle };
}

/**
 * The collection's path in the tree the header shows (slugs of the current language).
 * @param {App} app
 * @param {string} idOrSlug
 * @returns {string | null}
 */
function pathOf(app, idOrSlug) {
  /** @param {import('../types.js').CollectionNode[]} nodes @returns {string | null} */
  const find = (nodes) => {
    for (const node of nodes) {
      if (node.id === idOrSlug || node.slug === idOrSlug) return node.path;
      const below = find(node.children);
      if (below !== null) return below;
    }
    return null;
  };
  return find(app.collections);
}

/** @param {App} app */
function hero(app) {
  const top = app.collections.flatMap((c) => c.children).slice(0, 3);
  return h(
    'section',
    { class: 'hero' },
    h(
      'div',
      { class: 'hero-text' },
      h('h2', null, t('heroTitle')),
      h('p', null, t('heroText')),
      h(
        'div',
        { class: 'hero-links' },
        top.map((c) => h('a', { class: 'button button-light', href: `/k/${c.path}` }, c.name)),
      ),
    ),
  );
}

/**
 * How a chosen value reads on its chip: ranges as bounds with their unit.
 * @param {App} app
 * @param {import('../types.js').Facet | undefined} facet
 * @param {{ value: string, label: string }} applied
 */
function chipLabel(app, facet, applied) {
  const range = facet?.type === 'range' ? parseRange(applied.value) : null;
  if (!facet || range === null) return applied.label;
  const bounds =
    range.min !== '' && range.max !== ''
      ? `${range.min}–${range.max}`
      : range.min !== ''
        ? `≥ ${range.min}`
        : `≤ ${range.max}`;
  return `${bounds} ${rangeUnit(facet, app)}`.trim();
}

/**
 * The filters applied (each removable), and the sort.
 * @param {App} app
 * @param {Listing} listing
 * @param {ListingQuery} query
 * @param {(next: ListingQuery) => void} go
 */
function toolbar(app, listing, query, go) {
  const chips = listing.appliedFilters.map((a) => {
    const facet = listing.facets.find((f) => f.key === a.facet);
    const whole = facet?.type === 'range' || facet?.type === 'toggle' || facet?.type === 'hierarchy';
    const next = whole ? query.withFilter(a.facet, []) : query.toggle(a.facet, a.value);
    // A toggle's chip is its name alone ("In stock"), not "In stock: In stock".
    const label = facet?.type === 'toggle' ? null : chipLabel(app, facet, a);
    const name = facet?.label ?? a.facet;
    return h(
      'button',
      {
        type: 'button',
        class: 'chip',
        onclick: () => go(next),
        'aria-label': `${label === null ? name : `${name}: ${label}`} ×`,
        dataset: { facet: a.facet },
      },
      label === null ? name : [h('span', { class: 'chip-facet' }, `${name}:`), ` ${label}`],
      icon('close'),
    );
  });
  const sort = h(
    'select',
    {
      class: 'sort-select',
      onchange: (/** @type {Event} */ e) => go(query.with({ sort: /** @type {HTMLSelectElement} */ (e.target).value })),
    },
    listing.sort.available.map((s) =>
      h('option', { value: s.key, selected: s.key === listing.sort.selected }, s.label),
    ),
  );
  return h(
    'div',
    { class: 'toolbar' },
    h(
      'div',
      { class: 'chips' },
      chips,
      chips.length > 1 &&
        h(
          'button',
          { type: 'button', class: 'link-button', onclick: () => go(query.with({ filters: new Map() })) },
          t('clearAll'),
        ),
    ),
    h('label', { class: 'sort' }, h('span', null, t('sortBy')), sort),
  );
}

/**
 * @param {Listing} listing
 * @param {ListingQuery} query
 * @param {(next: ListingQuery) => void} go
 */
function pager(listing, query, go) {
  const pages = Math.min(Math.ceil(listing.total / listing.pageSize), Math.floor(MAX_ITEMS / listing.pageSize));
  if (pages <= 1) return null;
  const page = listing.page;
  const to = (/** @type {number} */ n) => () => {
    go(query.with({ page: n }));
    window.scrollTo({ top: 0 });
  };
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  /** @type {import('../dom.js').Child[]} */
  const items = [];
  shown.forEach((n, i) => {
    if (i > 0 && n - (shown[i - 1] ?? n) > 1) items.push(h('span', { class: 'pager-gap' }, '…'));
    items.push(
      h(
        'button',
        {
          type: 'button',
          class: `pager-page${n === page ? ' is-current' : ''}`,
          'aria-current': n === page ? 'page' : undefined,
          onclick: to(n),
        },
        n,
      ),
    );
  });
  return h(
    'nav',
    { class: 'pager', 'aria-label': t('pageOf', { page, pages }) },
    h('button', { type: 'button', class: 'pager-step', disabled: page <= 1, onclick: to(page - 1) }, t('previous')),
    items,
    h('button', { type: 'button', class: 'pager-step', disabled: page >= pages, onclick: to(page + 1) }, t('next')),
  );
}
