// @ts-check
// Index runs: a gated run beside the live index (confirm it), the live index (roll back), reindexing with its
// progress, and the runs table. The page refreshes itself: every 1.5 s while a run goes, every 10 s otherwise.
import { ApiError } from '../api.js';
import { h, replace } from '../dom.js';
import { field, statusLine } from '../forms.js';
import { notice } from './layout.js';
import { gatedPanel } from './runs/gated-panel.js';
import { livePanel } from './runs/live-panel.js';
import { pollLoop } from './runs/poll.js';
import { reindexPanel, followedRun } from './runs/reindex-panel.js';
import { runActions, runEnded } from './runs/run-actions.js';
import { runsTable } from './runs/runs-table.js';

/** @typedef {import('./runs/run-types.js').Run} Run */
/** @typedef {import('./runs/run-types.js').RunsAnswer} RunsAnswer */
/** @typedef {import('./runs/run-types.js').Requested} Requested */

const BUSY_MS = 1_500;
const IDLE_MS = 10_000;
/** A request no run has picked up after this long: the indexer may be down, so the page asks less often. */
const STALE_REQUEST_MS = 120_000;
const LIMIT = 20;

/** @param {unknown} err */
const problem = (err) => (err instanceof ApiError || err instanceof TypeError ? err.message : 'something went wrong.');

/** @param {string} id */
const filterField = (id) =>
  field({
    path: id,
    label: 'Show',
    value: 'reindex',
    options: [
      { value: 'reindex', label: 'Full runs and preview builds' },
      { value: 'all', label: 'All runs, deltas included' },
    ],
  });

/**
 * @param {HTMLElement} region
 * @param {import('./site-page.js').SitePageContext} ctx
 */
export async function showRuns(region, ctx) {
  const { api, signal } = ctx;
  const base = `/storefront/sites/${ctx.site.siteId}/runs`;
  /** @type {{ answer: RunsAnswer | null, awaiting: Run | null, requested: Requested | null, all: boolean, open: Set<string>, tableKey: string }} */
  const state = { answer: null, awaiting: null, requested: null, all: false, open: new Set(), tableKey: '' };

  const status = statusLine();
  status.element.classList.add('runs-status');
  const alerts = h('div', { class: 'runs-alerts' });
  const voice = {
    say: (/** @type {string} */ text) => status.say(text),
    fail: (/** @type {string} */ text) => replace(alerts, notice(text, 'alert')),
    clear: () => alerts.replaceChildren(),
    refreshNow: () => loop.wake(),
  };
  const actions = runActions(ctx, state, voice);
  const gated = gatedPanel({ canWrite: ctx.canWrite, onConfirm: actions.confirm });
  const live = livePanel({ canWrite: ctx.canWrite, onRollback: actions.rollback });
  const reindex = reindexPanel({
    canWrite: ctx.canWrite,
    publishedVersion: ctx.site.publishedVersion,
    onReindex: actions.reindex,
  });
  const tableRegion = h('div', { class: 'runs-table-region' }, notice('Loading the runs…'));
  const updated = h('p', { class: 'muted runs-updated' });
  const filter = filterField('runs-filter');
  filter.querySelector('select')?.addEventListener('change', (event) => {
    state.all = /** @type {HTMLSelectElement} */ (event.target).value === 'all';
    loop.wake();
  });
  replace(
    region,
    status.element,
    alerts,
    gated.element,
    h('div', { class: 'runs-panels' }, live.element, reindex.element),
    h(
      'section',
      { class: 'runs-list', 'aria-labelledby': 'runs-title' },
      h('div', { class: 'runs-list-head' }, h('h2', { id: 'runs-title' }, 'Runs'), filter),
      updated,
      tableRegion,
    ),
  );

  /** The newest full run when it awaits confirmation (deltas may have pushed it off the page: then it is asked for). */
  async function awaitingRun(/** @type {RunsAnswer} */ answer) {
    if (answer.status !== 'gated') return null;
    const full =
      answer.runs.find((r) => r.mode === 'full') ?? (await api.get(`${base}?limit=1&mode=full`, signal)).runs[0];
    return full?.outcome === 'gated' && full.swappedAt === null ? full : null;
  }

  /** Redraws the table; a focused warning summary keeps the focus in the new one. */
  function drawTable(/** @type {RunsAnswer} */ answer) {
    if (answer.runs.length === 0)
      return replace(
        tableRegion,
        h(
          'p',
          { class: 'notice notice-info' },
          'No runs yet. A full run starts when the site is published, or with “Reindex now”.',
        ),
      );
    const focused = document.activeElement?.closest('details')?.dataset.key;
    replace(
      tableRegion,
      runsTable(answer.runs, {
        live: answer.live,
        awaitingId: state.awaiting?.id ?? null,
        open: state.open,
        now: Date.now(),
      }),
    );
    if (focused)
      /** @type {HTMLElement | null} */ (
        tableRegion.querySelector(`details[data-key="${CSS.escape(focused)}"] > summary`)
      )?.focus();
  }

  function render(/** @type {RunsAnswer} */ answer) {
    gated.update(state.awaiting, answer.live);
    live.update(answer.live, answer.rollbackTo);
    reindex.update(answer.runs, state.requested);
    // A running run's duration and progress change between answers that are otherwise equal.
    const key = JSON.stringify([answer.runs, answer.live?.indexName, state.awaiting?.id]);
    if (key !== state.tableKey || answer.runs.some((r) => r.outcome === 'running')) drawTable(answer);
    state.tableKey = key;
    replace(updated, `Updated ${new Date().toLocaleTimeString('en')}. The page refreshes by itself.`);
  }

  /** Announces the end of the run this page asked for. */
  function followRequested(/** @type {RunsAnswer} */ answer) {
    const run = state.requested && followedRun(answer.runs, state.requested);
    if (!run || run.outcome === 'running') return;
    state.requested = null;
    reindex.update(answer.runs, null);
    const ended = runEnded(run);
    if (ended.alert) voice.fail(ended.text);
    else voice.say(ended.text);
  }

  async function refresh() {
    try {
      const answer = /** @type {RunsAnswer} */ (
        await api.get(`${base}?limit=${LIMIT}${state.all ? '' : '&mode=full&mode=preview'}`, signal)
      );
      state.awaiting = await awaitingRun(answer);
      state.answer = answer;
      render(answer);
      followRequested(answer);
    } catch (err) {
      if (signal.aborted) return;
      const text = `The runs could not be read: ${problem(err)}`;
      if (state.answer === null) replace(tableRegion, notice(text, 'alert'));
      else replace(updated, h('span', { class: 'error-text' }, `${text} Trying again shortly.`));
    }
  }

  const delay = () => {
    const running = state.answer?.runs.some((r) => r.outcome === 'running') ?? false;
    const waiting = state.requested !== null && Date.now() - state.requested.at < STALE_REQUEST_MS;
    return running || waiting ? BUSY_MS : IDLE_MS;
  };
  const loop = pollLoop({ refresh, delay, signal });
  // The first answer is awaited (the page is drawn); the loop goes on until the person leaves the page.
  await loop.first;
}
