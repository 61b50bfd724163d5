// @ts-check
// The merchandising page: the draft's synonyms and query rules. Shortcuts from the analytics page's no-hit queries:
// `?synonym=<query>[&language=<code>]` opens a new synonym entry for the query, `?rule=<query>` a new rule for it.
import { h, replace } from '../dom.js';
import { sitePath } from '../router.js';
import { notice } from './layout.js';
import { defaultLanguage, isLanguageCode } from './merchandising/languages.js';
import { rulesSection } from './merchandising/rules.js';
import { synonymsSection } from './merchandising/synonyms.js';
import { merchandisingOf } from './merchandising/types.js';

/**
 * The shortcut in the address, if any; it is taken off the address once read, so a reload does not add it twice.
 * @param {import('./merchandising/types.js').Merchandising} draft
 */
function takeShortcut(draft) {
  const params = new URLSearchParams(location.search);
  const synonym = params.get('synonym')?.trim() ?? '';
  const rule = params.get('rule')?.trim() ?? '';
  const asked = params.get('language') ?? '';
  if (params.has('synonym') || params.has('rule')) history.replaceState(null, '', location.pathname);
  const language = isLanguageCode(asked) ? asked : defaultLanguage(draft);
  return {
    synonym: synonym !== '' && language !== null ? { query: synonym, language } : null,
    rule: rule !== '' ? { query: rule } : null,
  };
}

/**
 * @param {HTMLElement} region
 * @param {import('./site-page.js').SitePageContext} ctx
 */
export async function showMerchandising(region, ctx) {
  const draft = merchandisingOf(ctx.site.draft);
  const shortcut = takeShortcut(draft);
  const siteId = ctx.site.siteId;
  const intro = h(
    'p',
    { class: 'page-intro' },
    'Synonyms and query rules change what shoppers find when they search, without a reindex. Changes go into ' +
      'the draft: ',
    h('a', { href: sitePath(siteId, 'preview') }, 'Preview'),
    ' shows what they change, ',
    h('a', { href: sitePath(siteId, 'publish') }, 'Publish'),
    ' makes them live.',
  );
  const readOnly = ctx.canWrite
    ? null
    : notice('You have read-only access: you can see the synonyms and rules, not change them.');
  const shortcutRefused =
    !ctx.canWrite && (shortcut.synonym || shortcut.rule)
      ? notice('Adding a synonym or a rule needs read-write access; sign in with a read-write app password.', 'alert')
      : null;
  const rules = rulesSection(ctx, draft, shortcut.rule);
  const synonyms = synonymsSection(ctx, draft, shortcut.synonym);
  // A rule asked for from analytics comes first, so its form is where the page opens.
  const sections = shortcut.rule ? [rules.element, synonyms] : [synonyms, rules.element];
  replace(region, h('div', { class: 'merch' }, intro, readOnly, shortcutRefused, ...sections));
  rules.start();
}
