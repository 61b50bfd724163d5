// @ts-check
import { h } from '../dom.js';

/** @typedef {import('../types.js').Facet} Facet */
/** @typedef {import('../types.js').FacetValue} FacetValue */
/** @typedef {import('./facets.js').FacetContext} FacetContext */

/**
 * A hierarchy as a tree one path deep: the top level, and below it the children of each node on the chosen path.
 * Choosing a node narrows to it; choosing the chosen node again goes back up to its parent.
 * @param {Facet} facet
 * @param {FacetContext} ctx
 */
export function hierarchyBody(facet, ctx) {
  const chosen = ctx.query.filters.get(facet.key)?.[0] ?? null;
  /** @type {Map<string | null, FacetValue[]>} */
  const children = new Map();
  for (const v of facet.values) children.set(v.parent ?? null, [...(children.get(v.parent ?? null) ?? []), v]);
  const onPath = (/** @type {string} */ value) =>
    chosen !== null && (chosen === value || chosen.startsWith(`${value}/`));

  /** @param {FacetValue[]} level @returns {HTMLUListElement} */
  const tree = (level) =>
    h(
      'ul',
      { class: 'tree' },
      [...level]
        .sort((a, b) => a.label.localeCompare(b.label))
        .map((v) => {
          const here = chosen === v.value;
          const up = () => ctx.go(ctx.query.withFilter(facet.key, v.parent ? [v.parent] : []));
          const below = onPath(v.value) ? children.get(v.value) : undefined;
          return h(
            'li',
            { dataset: { value: v.value } },
            h(
              'button',
              {
                type: 'button',
                class: `tree-node${here ? ' is-chosen' : ''}${onPath(v.value) ? ' on-path' : ''}`,
                'aria-pressed': String(here),
                onclick: () => (here ? up() : ctx.go(ctx.query.withFilter(facet.key, [v.value]))),
              },
              h('span', { class: 'check-label' }, v.label),
              h('span', { class: 'count' }, v.count),
            ),
            below && below.length > 0 && tree(below),
          );
        }),
    );
  return h('div', { class: 'facet-body' }, tree(children.get(null) ?? []));
}
