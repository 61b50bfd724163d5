// @ts-check
// Numbers, ages and run outcomes as the console words them (English; dates also as ISO text in a tooltip).

const numbers = new Intl.NumberFormat('en');
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** @param {number} n */
export const count = (n) => numbers.format(n);

const STEPS = /** @type {const} */ ([
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
]);

/**
 * How long ago `iso` was, in the largest unit that reads naturally ("5 minutes ago", "yesterday").
 * @param {string} iso
 * @param {number} [now]
 */
export function age(iso, now = Date.now()) {
  let value = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return relative.format(Math.round(value), 'year');
}

/** @param {string} iso */
export const when = (iso) => absolute.format(new Date(iso));

/** What each outcome (and the absence of any run) is called on the page. */
export const OUTCOME_LABELS = {
  ok: 'OK',
  running: 'Running',
  gated: 'Gated: awaits confirmation',
  failed: 'Failed',
  cancelled: 'Cancelled',
  'never-run': 'Never indexed',
};

/** @param {keyof typeof OUTCOME_LABELS} outcome */
export const outcomeLabel = (outcome) => OUTCOME_LABELS[outcome] ?? outcome;

/** @param {'full' | 'delta' | 'preview'} mode */
export const modeLabel = (mode) => ({ full: 'Full run', delta: 'Delta run', preview: 'Preview build' })[mode] ?? mode;
