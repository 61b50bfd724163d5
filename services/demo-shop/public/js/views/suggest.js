// @ts-check
import { debounce, h, replace } from '../dom.js';
import { money, t } from '../i18n.js';
import { ListingQuery } from '../listing-query.js';
import { icon } from '../icons.js';
import { picture } from '../media.js';

/** @typedef {import('../app.js').App} App */
/** @typedef {import('../types.js').Suggestions} Suggestions */

/**
 * The search box: suggestions as the shopper types (debounced; a newer keystroke cancels the older request),
 * arrow keys to move, Enter to open the highlighted one or search for the text, Escape to close.
 * @param {App} app
 */
export function searchBox(app) {
  const input = h('input', {
    type: 'search',
    name: 'q',
    placeholder: t('searchPlaceholder'),
    autocomplete: 'off',
    'aria-label': t('search'),
    role: 'combobox',
    'aria-expanded': 'false',
    'aria-controls': 'suggest-list',
  });
  const list = h('div', { class: 'suggest', id: 'suggest-list', role: 'listbox', hidden: true });
  /** @type {AbortController | null} */
  let pending = null;
  let active = -1;

  const options = () => /** @type {HTMLAnchorElement[]} */ ([...list.querySelectorAll('a[role="option"]')]);
  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    active = -1;
  };
  const highlight = (/** @type {number} */ i) => {
    const all = options();
    active = all.length === 0 ? -1 : (i + all.length) % all.length;
    all.forEach((a, n) => {
      a.setAttribute('aria-selected', String(n === active));
    });
  };
  const go = (/** @type {string} */ href) => {
    close();
    input.blur();
    app.navigate(href);
  };

  const load = debounce(async (/** @type {string} */ q) => {
    pending?.abort();
    if (q.trim() === '') return close();
    pending = new AbortController();
    try {
      const suggestions = await app.api.suggest(q.trim().slice(0, 100), pending.signal);
      replace(list, ...suggestionGroups(suggestions, app, go));
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
      active = -1;
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError')) close();
    }
  }, 180);

  input.addEventListener('input', () => load(input.value));
  input.addEventListener('focus', () => input.value.trim() !== '' && load(input.value));
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (list.hidden) return;
      highlight(active + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Escape') close();
  });
  const form = h(
    'form',
    {
      class: 'search',
      role: 'search',
      onsubmit: (/** @type {Event} */ e) => {
        e.preventDefault();
        const chosen = options()[active];
        if (chosen) return go(chosen.pathname + chosen.search);
        pending?.abort();
        go(`/search?${new ListingQuery({ q: input.value.trim() }).toParams()}`);
      },
    },
    input,
    h('button', { type: 'submit', class: 'search-button', 'aria-label': t('search') }, icon('search')),
    list,
  );
  document.addEventListener('click', (e) => {
    if (!form.contains(/** @type {Node} */ (e.target))) close();
  });
  return { form, input };
}

/**
 * @param {Suggestions} s
 * @param {App} app
 * @param {(href: string) => void} go
 */
function suggestionGroups(s, app, go) {
  const link = (/** @type {string} */ href, /** @type {import('../dom.js').Children[]} */ ...children) =>
    h(
      'a',
      {
        href,
        role: 'option',
        'aria-selected': 'false',
        onclick: (/** @type {Event} */ e) => {
          e.preventDefault();
          go(href);
        },
      },
      ...children,
    );
  const valueHref = (/** @type {import('../types.js').SuggestValue} */ v) =>
    `/search?${new ListingQuery().withFilter(v.facet, [v.value]).toParams()}`;
  const groups = [];
  if (s.products.length > 0) {
    groups.push(
      h(
        'div',
        { class: 'suggest-group' },
        h('h3', null, t('products')),
        s.products.map((p) =>
          link(
            `/p/${encodeURIComponent(p.slug)}`,
            picture(p.image, { sizes: '48px', alt: p.name, language: app.site.language, className: 'suggest-thumb' }),
            h('span', { class: 'suggest-name' }, p.name),
            h('span', { class: 'suggest-price' }, money(p.price.amount, p.price.currency)),
          ),
        ),
      ),
    );
  }
  if (s.categories.length > 0) {
    groups.push(
      h(
        'div',
        { class: 'suggest-group' },
        h('h3', null, t('categories')),
        s.categories.map((v) =>
          link(
            valueHref(v),
            h('span', { class: 'suggest-name' }, v.label),
            h('span', { class: 'suggest-count' }, v.count),
          ),
        ),
      ),
    );
  }
  if (s.values.length > 0) {
    groups.push(
      h(
        'div',
        { class: 'suggest-group' },
        h('h3', null, t('refine')),
        s.values.map((v) =>
          link(
            valueHref(v),
            h('span', { class: 'suggest-facet' }, v.facetLabel),
            h('span', { class: 'suggest-name' }, v.label),
            h('span', { class: 'suggest-count' }, v.count),
          ),
        ),
      ),
    );
  }
  groups.push(
    h(
      'div',
      { class: 'suggest-group suggest-all' },
      link(
        `/search?${new ListingQuery({ q: s.q }).toParams()}`,
        h('span', { class: 'suggest-name' }, t('searchFor', { q: s.q })),
      ),
    ),
  );
  return groups;
}
