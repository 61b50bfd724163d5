// @ts-check
// A refused change can name fields elsewhere in the draft by their draft path (`collections[2].filter.color`): the
// removal of a facet a collection still filters on. These words name the entity, as the page lists it.
import { ApiError } from '../../api.js';
import { h } from '../../dom.js';
import { quoted } from './context.js';

/** @typedef {import('../../types.js').SiteConfig} SiteConfig */

/** @param {Record<string, unknown>} names */
const firstName = (names) => Object.values(names ?? {}).map(String)[0];

/** @type {Record<string, (item: Record<string, unknown>) => string>} */
const NAMERS = {
  markets: (m) => `Market ${quoted(String(m.code))}`,
  facets: (f) => `Facet ${quoted(String(f.key))}`,
  collections: (c) => {
    const name = firstName(/** @type {Record<string, unknown>} */ (c.names));
    return name === undefined ? `Collection ${String(c.id)}` : `Collection ${quoted(name)}`;
  },
  queryRules: (r) => `Query rule ${quoted(String(r.query))}`,
};

/**
 * Words for a draft path: the entity it is in (by name) and the field within it.
 * @param {SiteConfig} draft the draft the path was computed on
 * @param {string} path
 */
export function describePath(draft, path) {
  const match = /^(markets|facets|collections|queryRules)\[(\d+)\]\.?(.*)$/.exec(path);
  if (match === null) {
    const field = path.replace(/^\$\.?/, '');
    return field === '' ? 'The draft' : field.charAt(0).toUpperCase() + field.slice(1);
  }
  const [, list, index, rest] = /** @type {string[]} */ (match);
  const item = /** @type {Record<string, Record<string, unknown>[]>} */ (/** @type {unknown} */ (draft))[list]?.[
    Number(index)
  ];
  const entity = item === undefined ? `${list} ${index}` : (NAMERS[list]?.(item) ?? path);
  return rest === '' ? entity : `${entity}, ${fieldWords(rest)}`;
}

/** The fields a refusal names most, in the words of the page's forms; others as the API names them. */
const FIELD_WORDS = [
  [/^parentId$/, () => 'parent collection'],
  [/^(filter|boost|bury)\.(.+)$/, (/** @type {string[]} */ m) => `${m[1]} on ${m[2]}`],
  [/^markets(\[\d+\])?$/, () => 'markets'],
  [/^target\.collectionId$/, () => 'redirect target'],
  [/^(pin|hide)(\[\d+\].*)?$/, (/** @type {string[]} */ m) => (m[1] === 'pin' ? 'pinned products' : 'hidden products')],
];

/** @param {string} field */
function fieldWords(field) {
  for (const [pattern, words] of /** @type {[RegExp, (m: string[]) => string][]} */ (FIELD_WORDS)) {
    const match = pattern.exec(field);
    if (match) return words([...match]);
  }
  return field;
}

/**
 * What went wrong with a change, in words: each field the API named with its messages, or the error's message.
 * @param {SiteConfig} draft
 * @param {unknown} err
 */
export function explainRefusal(draft, err) {
  const fields = err instanceof ApiError ? Object.entries(err.fields) : [];
  const message = err instanceof Error ? err.message : 'Something went wrong.';
  if (fields.length === 0) return h('p', null, `It was not removed: ${message}`);
  return [
    h('p', null, 'It was not removed: the draft still needs it.'),
    h(
      'ul',
      null,
      fields.map(([path, messages]) => h('li', null, `${describePath(draft, path)}: ${messages.join('; ')}`)),
    ),
  ];
}
