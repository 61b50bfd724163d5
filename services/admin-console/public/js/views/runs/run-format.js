// @ts-check
// How the runs page words a run: its duration, its warnings grouped by code, and why a gated run was held back.
import { count } from '../../format.js';

/** @typedef {import('./run-types.js').Run} Run */
/** @typedef {import('./run-types.js').RunWarning} RunWarning */
/** @typedef {import('./run-types.js').GateTrip} GateTrip */

/** What each warning code means, said after "Left out:" or on its own; unknown codes are shown as they are. */
const WARNING_MEANINGS = /** @type {Record<string, string>} */ ({
  NO_PRICE: 'no price on any market of the site',
  INACTIVE: 'the product is switched off',
  NO_VARIANTS: 'no active variant',
  OUT_OF_ASSORTMENT: "outside the site's assortment",
  INACTIVE_CATEGORY: 'only in switched-off categories',
  DELETED: 'removed from the catalogue',
  REJECTED: 'refused by the search engine',
  GATED: 'held back by the gate, not put live',
  SUPERSEDED: 'a newer configuration was published during the run',
  SUMMARY: 'more products than the run lists by id',
  NO_LIVE_INDEX: 'no live index to update yet',
  CANCELLED: 'the run was cancelled',
  ERROR: 'the run failed',
  FULL_RUN_NEEDED: 'a full run is needed',
  FULL_RUN_QUEUED: 'a full run was queued',
});

/** @param {string} code */
export const warningMeaning = (code) => WARNING_MEANINGS[code] ?? null;

/**
 * A run's warnings by code, in the order codes first appear: the products each one names, and its other details.
 * @param {RunWarning[]} warnings
 * @returns {{ code: string, productIds: string[], details: string[] }[]}
 */
export function groupWarnings(warnings) {
  /** @type {Map<string, { code: string, productIds: string[], details: string[] }>} */
  const groups = new Map();
  for (const w of warnings) {
    let group = groups.get(w.code);
    if (group === undefined) {
      group = { code: w.code, productIds: [], details: [] };
      groups.set(w.code, group);
    }
    if (w.productId !== undefined) group.productIds.push(w.productId);
    if (w.detail !== undefined && w.detail !== '')
      group.details.push(w.productId === undefined ? w.detail : `Product ${w.productId}: ${w.detail}`);
  }
  return [...groups.values()];
}

/** @param {number} n @param {string} one @param {string} [many] */
export const plural = (n, one, many = `${one}s`) => `${count(n)}\u00a0${n === 1 ? one : many}`;

/** @param {number} ms */
export function duration(ms) {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

/**
 * How long a run took (its own timing, else from its start to its end); null while it runs.
 * @param {Run} run
 */
export function runDuration(run) {
  const timed = run.timings.totalMs ?? run.timings.total;
  if (timed !== undefined) return timed;
  if (run.finishedAt === null) return null;
  return new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime();
}

/** Why a gate check holds a run back, in words; the figures follow it. */
const GATE_REASONS = {
  count: 'It has fewer than half the documents of the live index',
  'facet-values': 'A facet lost more than half of its values',
  'in-stock-share': 'The share of products in stock fell by more than half',
};

/** The reason in words, then the figures: "It has fewer than half … of the live index: 2 documents against 20 live." @param {GateTrip} gate */
export const gateReason = (gate) => `${GATE_REASONS[gate.check] ?? gate.check}: ${gate.detail}.`;

/**
 * The figure of the comparison that tripped the gate: `Documents`, `Share in stock`, or a facet's row.
 * @param {GateTrip | null} gate
 */
export function trippedFigure(gate) {
  if (gate === null) return null;
  if (gate.check === 'count') return 'Documents';
  if (gate.check === 'in-stock-share') return 'Share in stock';
  const facet = /^facet (\S+):/.exec(gate.detail)?.[1];
  return facet === undefined ? null : facetFigure(facet);
}

/** @param {string} facet */
export const facetFigure = (facet) => `Values of facet “${facet}”`;

/** @param {number} share 0..1 */
export const percent = (share) => `${(share * 100).toFixed(share === 0 || share === 1 ? 0 : 1)}%`;

/**
 * The change from `before` to `after` as a signed percentage ("−75%"), or "No change".
 * @param {number} before
 * @param {number} after
 */
export function change(before, after) {
  if (before === after) return 'No change';
  if (before === 0) return 'New';
  const delta = Math.round(((after - before) / before) * 100);
  return `${delta > 0 ? '+' : '\u2212'}${Math.abs(delta)}%`;
}
