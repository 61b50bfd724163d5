// @ts-check
// Which indices a comparison read, said plainly: without a preview index the draft is searched on the live index,
// so only what applies at search time (rules, synonyms) shows; what a reindex would change does not.
import { h } from '../../dom.js';
import { sitePath } from '../../router.js';

/** @typedef {{ live: string | null, draft: string }} PreviewIndices */

/**
 * Whether the draft side read a preview index built from the draft (not the live index).
 * @param {PreviewIndices} indices
 */
export const previewBuilt = (indices) =>
  indices.live === null ? /\.preview$/.test(indices.draft) : indices.draft !== indices.live;

/**
 * @param {number} siteId
 * @param {PreviewIndices} indices
 */
export function indexNote(siteId, indices) {
  const runs = h('a', { href: sitePath(siteId, 'runs') }, 'Index runs');
  /** @type {(HTMLElement | string)[]} */
  const parts = [];
  if (indices.live === null)
    parts.push(
      h(
        'p',
        null,
        h('strong', null, 'Not published yet: '),
        'the site has no live configuration, so the live side finds nothing.',
      ),
    );
  if (previewBuilt(indices)) {
    parts.push(
      h(
        'p',
        null,
        'The draft is searched on its preview index ',
        h('code', null, indices.draft),
        '. After changing products, facets or collections in the draft, build the preview again on ',
        runs,
        '.',
      ),
    );
    return h('div', { class: 'pv-index-note', dataset: { preview: 'built' } }, parts);
  }
  parts.push(
    h(
      'p',
      null,
      h('strong', null, 'No preview index is built: '),
      'the draft is compared on the live index. Query rules and synonyms show as they will be; changes to ' +
        'facets, collections or markets that need a reindex do not.',
    ),
    h('p', null, 'To see those too, build a preview on ', runs, '.'),
  );
  return h('div', { class: 'pv-index-note pv-index-note-warning', role: 'note', dataset: { preview: 'none' } }, parts);
}
