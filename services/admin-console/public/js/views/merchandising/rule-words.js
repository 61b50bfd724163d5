// @ts-check
// A query rule in a shop admin's words: which searches it matches and what it does to them.
import { productLabel } from './product-names.js';

/** @typedef {import('./types.js').QueryRule} QueryRule */
/** @typedef {import('./types.js').Merchandising} Merchandising */

export const MATCH_LABELS = {
  exact: 'Exactly this search',
  contains: 'Searches containing these words',
};

/** @param {number} n @param {string} one @param {string} many */
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** A facet's name as the draft labels it (English, else any label), else its key. @param {Merchandising} draft @param {string} key */
export function facetName(draft, key) {
  if (key === 'price') return 'Price';
  if (key === 'in-stock') return 'In stock';
  const labels = draft.facets.find((f) => f.key === key)?.definition.label ?? {};
  return labels.en ?? Object.values(labels)[0] ?? key;
}

/** A collection's name (English, else any), else its id. @param {Merchandising} draft @param {number} id */
export function collectionName(draft, id) {
  const names = draft.collections.find((c) => c.id === id)?.names ?? {};
  return names.en ?? Object.values(names)[0] ?? `Collection ${id}`;
}

/** @param {Merchandising} draft @param {import('./types.js').FilterMap} filter */
const filterWords = (draft, filter) =>
  Object.entries(filter)
    .map(([key, values]) => `${facetName(draft, key)}: ${values.join(', ')}`)
    .join('; ');

/**
 * What a rule does, one line per action.
 * @param {QueryRule} rule
 * @param {Merchandising} draft
 * @returns {string[]}
 */
export function actionLines(rule, draft) {
  /** @type {string[]} */
  const lines = [];
  if (rule.pin.length > 0)
    lines.push(
      `Pins ${plural(rule.pin.length, 'product', 'products')}: ` +
        `${rule.pin.map((p) => `${productLabel(p.productId)} at place ${p.position}`).join(', ')}`,
    );
  if (rule.hide.length > 0)
    lines.push(`Hides ${plural(rule.hide.length, 'product', 'products')}: ${rule.hide.map(productLabel).join(', ')}`);
  if (rule.boost) lines.push(`Shows first: ${filterWords(draft, rule.boost)}`);
  if (rule.bury) lines.push(`Shows last: ${filterWords(draft, rule.bury)}`);
  if (rule.filter) lines.push(`Filters: ${filterWords(draft, rule.filter)}`);
  if (rule.target?.kind === 'url') lines.push(`Redirects to ${rule.target.url}`);
  if (rule.target?.kind === 'collection')
    lines.push(`Redirects to the collection “${collectionName(draft, rule.target.collectionId)}”`);
  return lines;
}

/** The markets a rule is limited to, in words. @param {QueryRule} rule */
export const marketWords = (rule) => (rule.markets.length === 0 ? 'All markets' : rule.markets.join(', '));
