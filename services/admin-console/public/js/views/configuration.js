// @ts-check
// The configuration page: the draft's site settings, markets, facets and collections, each listed as the draft holds
// it and, with a read-write token, edited in a form whose errors from the API stand beside their fields. Every
// change lands in the draft; the Publish tab makes it live.
import { h, replace } from '../dom.js';
import { collectionsSpec } from './configuration/collections.js';
import { configContext } from './configuration/context.js';
import { entitySection } from './configuration/entity-section.js';
import { facetsSpec } from './configuration/facets.js';
import { marketsSpec } from './configuration/markets.js';
import { siteSettingsSection } from './configuration/site-settings.js';

const PARTS = [
  { id: 'site-settings', label: 'Site settings' },
  { id: 'markets', label: 'Markets' },
  { id: 'facets', label: 'Facets' },
  { id: 'collections', label: 'Collections' },
];

/** @param {import('./configuration/context.js').ConfigContext} cc */
function intro(cc) {
  const live =
    cc.publishedVersion === null
      ? 'The site has never been published.'
      : `The live site runs version ${cc.publishedVersion}.`;
  return h(
    'div',
    { class: 'cfg-intro' },
    h(
      'p',
      null,
      "This page shows the site's draft. Saved changes go into the draft and go live when it is published on the ",
      h('a', { href: cc.publishHref }, 'Publish tab'),
      `. ${live}`,
    ),
    cc.canWrite
      ? null
      : h(
          'p',
          { class: 'notice notice-info cfg-read-only' },
          'Your access is read-only: you can read the draft but not change it. Sign in with a read-write app ' +
            'password to edit it.',
        ),
    h(
      'nav',
      { class: 'cfg-toc', 'aria-label': 'Parts of the configuration' },
      h(
        'ul',
        null,
        PARTS.map((p) => h('li', null, h('a', { href: `#${p.id}` }, p.label))),
      ),
    ),
  );
}

/**
 * @param {HTMLElement} region
 * @param {import('./site-page.js').SitePageContext} ctx
 */
export async function showConfiguration(region, ctx) {
  const cc = configContext(ctx);
  replace(
    region,
    h(
      'div',
      { class: 'configuration' },
      intro(cc),
      siteSettingsSection(cc),
      entitySection(marketsSpec(), cc),
      entitySection(facetsSpec(), cc),
      entitySection(collectionsSpec(), cc),
    ),
  );
}
