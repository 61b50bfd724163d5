// @ts-check
// What a save did: the change is in the draft, not yet live; where to see what it changes and where to publish it.
import { h, replace } from '../../dom.js';
import { sitePath } from '../../router.js';

/**
 * A status region for a section's saves; `say(text)` announces a change saved in the draft with the next steps,
 * `say(text, false)` a plain message; `clear()` empties it.
 * @param {number} siteId
 */
export function saveStatus(siteId) {
  const element = h('div', { class: 'save-status', role: 'status' });
  /** @param {string} text @param {boolean} [inDraft] */
  const say = (text, inDraft = true) =>
    replace(
      element,
      h(
        'div',
        { class: inDraft ? 'saved-note' : 'plain-note' },
        h('p', null, text),
        inDraft
          ? h(
              'p',
              null,
              'The change is in the draft: shoppers see it once the draft is published. ',
              h('a', { href: sitePath(siteId, 'preview') }, 'Preview'),
              ' shows what the draft changes in search; ',
              h('a', { href: sitePath(siteId, 'publish') }, 'Publish'),
              ' makes it live.',
            )
          : null,
      ),
    );
  return { element, say, clear: () => element.replaceChildren() };
}
