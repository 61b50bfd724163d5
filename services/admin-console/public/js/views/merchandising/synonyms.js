// @ts-check
// The synonyms section: the draft's languages, each one's set in its own editor (kept while the admin switches
// languages, so unsaved changes survive), and the shortcut from a no-hit query (a new one-way entry for it).
import { h, replace } from '../../dom.js';
import { sitePath } from '../../router.js';
import { notice } from '../layout.js';
import { uid } from './controls.js';
import { draftLanguages, languageName } from './languages.js';
import { saveStatus } from './saved-note.js';
import { synonymEditor } from './synonym-editor.js';

/** @typedef {import('./synonym-editor.js').SynonymEditor} SynonymEditor */

const kinds = () =>
  h(
    'dl',
    { class: 'kinds' },
    h('dt', null, 'Same meaning'),
    h(
      'dd',
      null,
      'A search for any of the words also finds the products of the others: ',
      h('q', null, 'sneaker, trainer, running shoe'),
      '.',
    ),
    h('dt', null, 'One way'),
    h(
      'dd',
      null,
      'A search for the first word also finds the others, but not the other way round: ',
      h('q', null, 'laptop'),
      ' also finds ',
      h('q', null, 'notebook'),
      ', a search for notebook finds notebooks only.',
    ),
  );

/**
 * @param {import('../site-page.js').SitePageContext} ctx
 * @param {import('./types.js').Merchandising} draft
 * @param {{ query: string, language: string } | null} shortcut a new entry to open, from the analytics page
 */
export function synonymsSection(ctx, draft, shortcut) {
  const siteId = ctx.site.siteId;
  const status = saveStatus(siteId);
  const languages = draftLanguages(draft);
  if (shortcut && !languages.some((l) => l.code === shortcut.language))
    languages.push({ code: shortcut.language, inMarkets: false });
  const section = h(
    'section',
    { class: 'panel merch-section', 'aria-labelledby': 'synonyms-title' },
    h('h2', { id: 'synonyms-title' }, 'Synonyms'),
    h(
      'p',
      { class: 'section-intro' },
      "Words that should find each other's products when shoppers search. Each language has its own set; " +
        'separate words and phrases with commas (a phrase has at most 5 words).',
    ),
    kinds(),
  );
  if (languages.length === 0) {
    section.append(
      notice(
        'This site has no market yet, so no language to keep synonyms for. Add a market on the Configuration ' +
          'tab first.',
      ),
      h('p', null, h('a', { href: sitePath(siteId, 'configuration') }, 'Go to the configuration')),
    );
    return section;
  }
  /** @type {Map<string, Promise<SynonymEditor | null>>} */
  const editors = new Map();
  /** @type {Set<string>} */
  const unsaved = new Set();
  const host = h('div', { class: 'synonym-host' });
  const selectId = uid('language');
  const optionText = (/** @type {{ code: string, inMarkets: boolean }} */ l) =>
    `${languageName(l.code)}${l.inMarkets ? '' : ', no market uses it'}` +
    `${unsaved.has(l.code) ? ', unsaved changes' : ''}`;
  const select = h(
    'select',
    { id: selectId, class: 'control' },
    languages.map((l) => h('option', { value: l.code }, optionText(l))),
  );
  const relabel = () => {
    languages.forEach((l, i) => {
      select.options[i].textContent = optionText(l);
    });
  };
  const chooser =
    languages.length > 1
      ? h('div', { class: 'mini-field language-choice' }, h('label', { for: selectId }, 'Language'), select)
      : h('p', { class: 'language-choice' }, h('strong', null, 'Language: '), languageName(languages[0].code));

  /** @param {string} code */
  const load = async (code) => {
    const name = languageName(code);
    const box = h(
      'div',
      { class: 'synonym-set', dataset: { language: code } },
      notice(`Loading the ${name} synonyms…`),
    );
    host.append(box);
    try {
      const { entries } = /** @type {{ entries: import('./types.js').SynonymEntry[] }} */ (
        await ctx.api.get(`/storefront/sites/${siteId}/synonyms/${encodeURIComponent(code)}`, ctx.signal)
      );
      const onDirty = (/** @type {boolean} */ dirty) => {
        if (dirty) unsaved.add(code);
        else unsaved.delete(code);
        relabel();
      };
      const editor = synonymEditor({
        api: ctx.api,
        siteId,
        language: code,
        languageName: name,
        canWrite: ctx.canWrite,
        entries,
        onDirty,
        say: status.say,
        clear: status.clear,
        signal: ctx.signal,
      });
      replace(box, editor.element);
      return editor;
    } catch (err) {
      if (!ctx.signal.aborted)
        replace(
          box,
          notice(
            `The ${name} synonyms could not be loaded: ${err instanceof Error ? err.message : String(err)}`,
            'alert',
          ),
        );
      return null;
    }
  };
  /** Shows one language's set (loading it the first time). @param {string} code */
  const show = (code) => {
    for (const box of /** @type {HTMLElement[]} */ ([...host.children])) box.hidden = box.dataset.language !== code;
    if (!editors.has(code)) editors.set(code, load(code));
    return /** @type {Promise<SynonymEditor | null>} */ (editors.get(code));
  };
  select.addEventListener('change', () => {
    status.clear();
    void show(select.value);
  });
  // The outcome of a save shows above the set, beside the toolbar with the save button.
  section.append(chooser, status.element, host);

  const first = shortcut?.language ?? languages[0].code;
  select.value = first;
  void show(first).then((editor) => {
    if (!editor || !shortcut || !ctx.canWrite) return;
    editor.addEntry(shortcut.query);
    status.say(
      `New entry for “${shortcut.query}” at the top of the list: type the words a search for it should also ` +
        `find, then save.`,
      false,
    );
  });
  return section;
}
