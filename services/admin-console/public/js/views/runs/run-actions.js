// @ts-check
// What the runs page's buttons do: queue a reindex, confirm a gated run, roll back. The two that change what the
// shop searches ask first; each outcome is announced, and the page refreshes at once to show it.
import { ApiError } from '../../api.js';
import { h } from '../../dom.js';
import { count, modeLabel } from '../../format.js';
import { confirmStep } from './confirm-step.js';
import { rollbackTarget } from './live-panel.js';
import { plural } from './run-format.js';

/** @typedef {import('./run-types.js').Run} Run */
/** @typedef {import('./run-types.js').RunsAnswer} RunsAnswer */
/** @typedef {import('./run-types.js').Requested} Requested */

/**
 * The page state the actions read and change.
 * @typedef {{ answer: RunsAnswer | null, requested: Requested | null }} ActionState
 * @typedef {{ say: (text: string) => void, fail: (text: string) => void, clear: () => void, refreshNow: () => void }} PageVoice
 */

/** @param {unknown} err */
const reason = (err) => (err instanceof ApiError || err instanceof TypeError ? err.message : 'something went wrong.');

/** @param {HTMLElement} button */
const unavailable = (button) =>
  button.getAttribute('aria-disabled') === 'true' || button.getAttribute('aria-busy') === 'true';

/**
 * Runs `action` with the button marked busy (a second press does nothing meanwhile).
 * @param {HTMLElement} button
 * @param {() => Promise<void>} action
 */
async function busy(button, action) {
  button.setAttribute('aria-busy', 'true');
  try {
    await action();
  } finally {
    button.removeAttribute('aria-busy');
  }
}

/**
 * @param {import('../site-page.js').SitePageContext} ctx
 * @param {ActionState} state
 * @param {PageVoice} voice
 */
export function runActions(ctx, state, voice) {
  const base = `/storefront/sites/${ctx.site.siteId}`;
  const post = (/** @type {string} */ path, /** @type {unknown} */ body = undefined) =>
    ctx.api.request('POST', `${base}${path}`, body, ctx.signal);

  /** @param {'full' | 'preview'} mode @param {HTMLButtonElement} button */
  const reindex = (mode, button) => {
    if (unavailable(button)) return;
    voice.clear();
    void busy(button, async () => {
      // The run this request starts is the first of its mode newer than every run seen so far.
      const afterId = Math.max(0, ...(state.answer?.runs ?? []).map((r) => r.id));
      try {
        await post('/reindex', { mode });
        state.requested = { mode, afterId, at: Date.now() };
        voice.say(`${modeLabel(mode)} queued. Its progress is shown under “Reindex”.`);
        voice.refreshNow();
      } catch (err) {
        if (!ctx.signal.aborted) voice.fail(`The ${modeLabel(mode).toLowerCase()} could not be queued: ${reason(err)}`);
      }
    });
  };

  /** @param {Run} run @param {HTMLButtonElement} button */
  const confirm = (run, button) => {
    if (unavailable(button)) return;
    voice.clear();
    const live = state.answer?.live ?? null;
    const documents = plural(run.stats?.count ?? run.documentCount, 'document');
    const body = [
      h(
        'p',
        null,
        `The shop will search the index of run #${run.id}: ${documents}` +
          `${live === null ? '' : `, against ${count(live.documentCount)} in the live index now`}.`,
      ),
      h('p', null, 'The index live now is kept: a rollback puts it back.'),
    ];
    void busy(button, async () => {
      if (
        !(await confirmStep({
          title: `Put run #${run.id} live?`,
          body,
          confirmLabel: `Put run #${run.id} live`,
          opener: button,
          signal: ctx.signal,
        }))
      )
        return;
      try {
        await post('/runs/confirm-gated');
        voice.say(`Run #${run.id} is live: the shop now searches its ${documents}.`);
        voice.refreshNow();
      } catch (err) {
        if (!ctx.signal.aborted) voice.fail(`Run #${run.id} could not be put live: ${reason(err)}`);
      }
    });
  };

  /** @param {HTMLButtonElement} button */
  const rollback = (button) => {
    const target = state.answer?.rollbackTo ?? null;
    const live = state.answer?.live ?? null;
    if (unavailable(button) || target === null) return;
    voice.clear();
    const instead =
      live === null
        ? ''
        : `, in place of ${live.runId === null ? 'the live index' : `the index of run #${live.runId}`} (` +
          `${plural(live.documentCount, 'document')})`;
    const body = h('p', null, `${rollbackTarget(target)} goes live again${instead}. The shop searches it at once.`);
    void busy(button, async () => {
      if (
        !(await confirmStep({
          title: 'Roll back the live index?',
          body,
          confirmLabel: 'Roll back',
          opener: button,
          signal: ctx.signal,
        }))
      )
        return;
      try {
        await post('/rollback');
        voice.say(`Rolled back: ${rollbackTarget(target).replace(/^The/, 'the')} is live again.`);
        voice.refreshNow();
      } catch (err) {
        if (!ctx.signal.aborted) voice.fail(`The rollback failed: ${reason(err)}`);
      }
    });
  };

  return { reindex, confirm, rollback };
}

/**
 * What to announce when a run this page asked for ends, and whether it is bad news (an alert).
 * @param {Run} run
 * @returns {{ text: string, alert: boolean }}
 */
export function runEnded(run) {
  const what = `Run #${run.id} (${modeLabel(run.mode).toLowerCase()})`;
  const warned = run.warnings.length > 0 ? `, ${plural(run.warnings.length, 'warning')}` : '';
  if (run.outcome === 'ok')
    return { text: `${what} finished: OK, ${plural(run.documentCount, 'document')}${warned}.`, alert: false };
  if (run.outcome === 'gated')
    return {
      text: `${what} was held back by the gate: it is not live. Its figures are shown beside the live index's.`,
      alert: false,
    };
  if (run.outcome === 'cancelled')
    return {
      text: `${what} was cancelled${run.warnings[0]?.detail ? `: ${run.warnings[0].detail}` : ''}.`,
      alert: false,
    };
  return { text: `${what} failed${run.errors[0] ? `: ${run.errors[0]}` : ''}.`, alert: true };
}
