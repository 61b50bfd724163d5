// @ts-check
// Reindexing: a full run of the published configuration or a preview build of the draft, and the progress of the
// run in progress (documents done of the total, as the indexer reports them).
import { h, replace } from '../../dom.js';
import { count, modeLabel } from '../../format.js';

/** @typedef {import('./run-types.js').Run} Run */
/** @typedef {import('./run-types.js').Requested} Requested */

/**
 * The run the progress bar follows: the one this page asked for (the first of its mode after the request), else
 * the newest full or preview run still running (a publish queues one too).
 * @param {Run[]} runs newest first
 * @param {Requested | null} requested
 * @returns {Run | null}
 */
export function followedRun(runs, requested) {
  if (requested !== null)
    return [...runs].reverse().find((r) => r.mode === requested.mode && r.id > requested.afterId) ?? null;
  return runs.find((r) => r.outcome === 'running' && r.mode !== 'delta') ?? null;
}

/**
 * What the progress area says about a run in progress (or one asked for and not started yet).
 * @param {Run | null} run
 * @param {Requested | null} requested
 * @returns {{ text: string, done: number | null, total: number | null } | null}
 */
function progressOf(run, requested) {
  if (run === null)
    return requested === null
      ? null
      : { text: `${modeLabel(requested.mode)} queued: waiting for the indexer to start it…`, done: null, total: null };
  if (run.outcome !== 'running') return null;
  const total = run.progress?.total ?? run.total;
  const done = run.progress?.done ?? 0;
  const head = `Run #${run.id}, ${modeLabel(run.mode).toLowerCase()}:`;
  if (total === null) return { text: `${head} started, counting the products…`, done: null, total: null };
  return { text: `${head} ${count(done)} of ${count(total)} documents`, done, total };
}

/**
 * @param {{ canWrite: boolean, publishedVersion: number | null, onReindex: (mode: 'full' | 'preview', button: HTMLButtonElement) => void }} o
 */
export function reindexPanel(o) {
  const titleId = 'reindex-title';
  const progressText = h('p', { id: 'run-progress-text', class: 'progress-text' });
  const bar = h('progress', { class: 'run-progress-bar', 'aria-labelledby': 'run-progress-text' });
  const progress = h('div', { class: 'run-progress', hidden: true }, progressText, bar);
  /** @type {Record<'full' | 'preview', HTMLButtonElement>} */
  const buttons = {
    full: h(
      'button',
      {
        type: 'button',
        class: 'button primary',
        'aria-describedby': 'reindex-full-hint',
        onclick: () => o.onReindex('full', buttons.full),
      },
      'Reindex now',
    ),
    preview: h(
      'button',
      {
        type: 'button',
        class: 'button secondary',
        'aria-describedby': 'reindex-preview-hint',
        onclick: () => o.onReindex('preview', buttons.preview),
      },
      'Build the draft preview',
    ),
  };
  const fullHint =
    o.publishedVersion === null
      ? 'The site has no published configuration yet: publish it first.'
      : `Rebuilds the live index from the published configuration (version ${o.publishedVersion}). A run that ` +
        `loses too many documents is held back for you to confirm.`;
  const actions = o.canWrite
    ? h(
        'div',
        { class: 'reindex-actions' },
        h(
          'div',
          { class: 'reindex-action' },
          buttons.full,
          h('p', { id: 'reindex-full-hint', class: 'field-hint' }, fullHint),
        ),
        h(
          'div',
          { class: 'reindex-action' },
          buttons.preview,
          h(
            'p',
            { id: 'reindex-preview-hint', class: 'field-hint' },
            'Builds the preview index from the draft, for preview keys and the Preview page. The live shop ' +
              'is not touched.',
          ),
        ),
      )
    : h(
        'p',
        { class: 'muted' },
        'Your access is read-only: reindexing needs read-write access. Runs in progress are shown here.',
      );
  const idle = h('p', { class: 'muted idle-text' }, 'No run in progress.');
  const element = h(
    'section',
    { class: 'panel runs-panel reindex-panel', 'aria-labelledby': titleId },
    h('h2', { id: titleId }, o.canWrite ? 'Reindex' : 'Runs in progress'),
    actions,
    progress,
    idle,
  );

  return {
    element,
    /**
     * @param {Run[]} runs
     * @param {Requested | null} requested
     */
    update(runs, requested) {
      const shown = progressOf(followedRun(runs, requested), requested);
      progress.hidden = shown === null;
      idle.hidden = shown !== null;
      for (const mode of /** @type {const} */ (['full', 'preview'])) {
        // aria-disabled keeps the button focusable (a disabled one would drop the keyboard's place) while its run goes.
        // A full run needs a published configuration; the hint says so.
        const busy = requested?.mode === mode || (mode === 'full' && o.publishedVersion === null);
        if (busy) buttons[mode].setAttribute('aria-disabled', 'true');
        else buttons[mode].removeAttribute('aria-disabled');
      }
      if (shown === null) return;
      replace(progressText, shown.text);
      if (shown.total === null || shown.total === 0) {
        bar.removeAttribute('value');
        bar.removeAttribute('max');
      } else {
        bar.max = shown.total;
        bar.value = Math.min(shown.done ?? 0, shown.total);
      }
    },
  };
}
