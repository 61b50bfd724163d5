// @ts-check
// Following the full index run a publish queues. The publish answer names the version, not the run (the indexer
// records a run when it starts the job), so the page looks for the newest full run built from that version.
import { h, replace } from '../../dom.js';
import { count, outcomeLabel } from '../../format.js';

/** @typedef {import('../../types.js').SyncRun} SyncRun */
/** @typedef {import('../../types.js').SyncStatus} SyncStatus */

const EVERY_MS = 1500;
/** After this long the page stops asking and leaves it to the Index runs tab. */
const GIVE_UP_MS = 5 * 60_000;

/** @param {number} ms @param {AbortSignal} signal */
const pause = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/** @param {SyncRun} run */
function runText(run) {
  if (run.outcome === 'running')
    return run.total
      ? `Run ${run.id} is running: ${count(run.documentCount)} of ${count(run.total)} documents so far.`
      : `Run ${run.id} is running.`;
  const warnings =
    run.warnings.length > 0
      ? `, ${count(run.warnings.length)} ${run.warnings.length === 1 ? 'warning' : 'warnings'}`
      : '';
  const errors =
    run.errors.length > 0 ? `, ${count(run.errors.length)} ${run.errors.length === 1 ? 'error' : 'errors'}` : '';
  return (
    `Run ${run.id} finished: ${outcomeLabel(run.outcome)} (${count(run.documentCount)} documents${warnings}` +
    `${errors}).`
  );
}

/**
 * Writes the run's progress into `line` (a status region) until the run ends, the person leaves the page, or
 * GIVE_UP_MS passes.
 * @param {{ api: import('../../api.js').AdminApi, siteId: number, version: number, signal: AbortSignal }} o
 * @param {HTMLElement} line
 */
export async function watchRun({ api, siteId, version, signal }, line) {
  const started = Date.now();
  let said = '';
  const say = (/** @type {string} */ text) => {
    // Rewriting the same words would make a screen reader repeat them every poll.
    if (text !== said) {
      said = text;
      replace(line, said);
    }
  };
  say('Queued: waiting for the indexer to start the run.');
  while (!signal.aborted) {
    try {
      /** @type {SyncStatus} */
      const status = await api.get(`/storefront/sites/${siteId}/runs?limit=10`, signal);
      const run = status.runs.find((r) => r.mode === 'full' && r.configVersion !== null && r.configVersion >= version);
      if (run) {
        say(runText(run));
        if (run.outcome !== 'running') {
          line.dataset.outcome = run.outcome;
          return;
        }
      }
    } catch (err) {
      if (signal.aborted) return;
      return say(
        `The run could not be followed here (${err instanceof Error ? err.message : String(err)}); the Index ` +
          `runs tab shows it.`,
      );
    }
    if (Date.now() - started > GIVE_UP_MS)
      return say('The run has not finished yet; the Index runs tab shows how it goes.');
    await pause(EVERY_MS, signal);
  }
}

/** The element `watchRun` writes into. */
export const runLine = () => h('p', { class: 'run-line', role: 'status' });
