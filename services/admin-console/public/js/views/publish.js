// @ts-check
// The Publish page: what publishing the draft would change, publishing it with a note (read-write tokens only), and
// the published versions. Its parts are in ./publish/.
import { ApiError } from '../api.js';
import { h, replace } from '../dom.js';
import { notice } from './layout.js';
import { diffView } from './publish/diff-view.js';
import { publishedPanel, publishForm } from './publish/publish-form.js';
import { versionHistory, VERSIONS_SHOWN } from './publish/version-history.js';

/** @typedef {import('./publish/diff-view.js').DraftDiff} DraftDiff */
/** @typedef {import('./publish/version-history.js').PublishedVersion} PublishedVersion */

/** @param {string} what @param {unknown} err */
const failed = (what, err) =>
  notice(
    `${what} could not be loaded: ` +
      `${err instanceof ApiError || err instanceof TypeError ? err.message : 'something went wrong.'}`,
    'alert',
  );

/**
 * A titled part of the page; `body` is filled in (and refilled) by the page.
 * @param {string} id
 * @param {string} title
 * @param {HTMLElement} body
 * @param {HTMLElement | null} [action]
 */
const part = (id, title, body, action = null) =>
  h(
    'section',
    { class: `publish-part publish-${id}`, 'aria-labelledby': `${id}-title` },
    h('div', { class: 'part-head' }, h('h2', { id: `${id}-title` }, title), action),
    body,
  );

/**
 * @param {HTMLElement} region
 * @param {import('./site-page.js').SitePageContext} ctx
 */
export async function showPublish(region, ctx) {
  const { api, site, canWrite, signal } = ctx;
  const siteId = site.siteId;
  const diffBody = h('div', { class: 'part-body', id: 'draft-diff' });
  const publishBody = h('div', { class: 'part-body' });
  const historyBody = h('div', { class: 'part-body', id: 'version-history' });
  /** The last publish's answer, kept above the form (or the "nothing to publish" line) until the page is left. */
  let result = /** @type {HTMLElement | null} */ (null);

  /** @param {DraftDiff | null} diff */
  const showPublishPart = (diff) => {
    if (!canWrite)
      return replace(
        publishBody,
        result,
        notice(
          'Publishing needs read-write access: this session is read-only. The changes and the history are ' +
            'shown as they are.',
        ),
      );
    if (diff === null)
      return replace(publishBody, result, h('p', { class: 'muted' }, 'Publishing waits for the changes to load.'));
    const nothing = diff.changes.length === 0 && diff.keysToPublish.length === 0;
    // After a publish its answer says enough; otherwise the way to get something to publish.
    if (nothing)
      return replace(
        publishBody,
        result ??
          h(
            'p',
            { class: 'muted' },
            'Change the draft on the Configuration or Merchandising tab first: then its changes are listed ' +
              'above and can be published here.',
          ),
      );
    const keysLive = diff.keysToPublish.length;
    const nextVersion = (diff.publishedVersion ?? 0) + 1;
    const form = publishForm({
      api,
      siteId,
      nextVersion,
      onPublished: (published, note) => {
        result = publishedPanel({ api, signal, published, note, keysLive });
        void load().then(() => result?.focus());
      },
    });
    replace(publishBody, result, form);
  };

  const load = async () => {
    for (const body of [diffBody, historyBody]) body.setAttribute('aria-busy', 'true');
    const [diff, versions] = await Promise.allSettled([
      api.get(`/storefront/sites/${siteId}/draft-diff`, signal).then((d) => /** @type {DraftDiff} */ (d)),
      api
        .get(`/storefront/sites/${siteId}/versions?limit=${VERSIONS_SHOWN}`, signal)
        .then((v) => /** @type {{ versions: PublishedVersion[] }} */ (v).versions),
    ]);
    if (signal.aborted) return;
    replace(
      diffBody,
      diff.status === 'fulfilled' ? diffView(diff.value, site.draft) : failed('The changes', diff.reason),
    );
    showPublishPart(diff.status === 'fulfilled' ? diff.value : null);
    replace(
      historyBody,
      versions.status === 'fulfilled' ? versionHistory(versions.value) : failed('The version history', versions.reason),
    );
    for (const body of [diffBody, historyBody]) body.removeAttribute('aria-busy');
  };

  const refresh = h('button', { type: 'button', class: 'button secondary', onclick: () => void load() }, 'Refresh');
  replace(
    region,
    part('changes', 'What publishing would change', diffBody, refresh),
    part('publish', 'Publish', publishBody),
    part('history', 'Version history', historyBody),
  );
  for (const body of [diffBody, publishBody, historyBody]) replace(body, notice('Loading…'));
  await load();
}
