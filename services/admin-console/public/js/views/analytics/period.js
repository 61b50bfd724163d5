// @ts-check
// The period a report covers, in UTC days as the analytics are kept: a preset (the last 7, 30 or 90 days, today
// included) or a custom range. The address carries it (?days=30, or ?from=&to=) with the market (?market=).

/** @typedef {{ kind: 'preset', days: number } | { kind: 'custom', from: string, to: string }} Period */
/** @typedef {{ period: Period, market: string }} ReportChoice market '' is every market */

export const PRESETS = [7, 30, 90];
export const DEFAULT_PERIOD = /** @type {Period} */ ({ kind: 'preset', days: 30 });
/** The longest range the API reports on. */
export const MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** @param {number} at */
export const utcDay = (at) => new Date(at).toISOString().slice(0, 10);
/** @param {string} day */
export const dayStart = (day) => Date.parse(`${day}T00:00:00Z`);
/** Days from `from` to `to`, both included. @param {string} from @param {string} to */
export const daysBetween = (from, to) => Math.round((dayStart(to) - dayStart(from)) / DAY_MS) + 1;
/** @param {string} day */
const isDay = (day) => ISO_DAY.test(day) && !Number.isNaN(dayStart(day)) && utcDay(dayStart(day)) === day;

/**
 * The first and last day a period covers.
 * @param {Period} period
 * @param {number} [now]
 */
export function rangeOf(period, now = Date.now()) {
  if (period.kind === 'custom') return { from: period.from, to: period.to };
  const to = utcDay(now);
  return { from: utcDay(dayStart(to) - (period.days - 1) * DAY_MS), to };
}

/**
 * What is wrong with a custom range, in words, or null.
 * @param {string} from
 * @param {string} to
 */
export function rangeProblem(from, to) {
  if (!isDay(from)) return { path: '$.from', message: 'Choose the first day of the period.' };
  if (!isDay(to)) return { path: '$.to', message: 'Choose the last day of the period.' };
  if (from > to) return { path: '$.to', message: 'The last day comes before the first.' };
  if (daysBetween(from, to) > MAX_DAYS) return { path: '$.to', message: `A period covers at most ${MAX_DAYS} days.` };
  return null;
}

/**
 * The period and market the address asks for; anything unreadable falls back to the default.
 * @param {string} search location.search
 * @returns {ReportChoice}
 */
export function choiceFromAddress(search) {
  const params = new URLSearchParams(search);
  const market = params.get('market') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const days = Number(params.get('days'));
  /** @type {Period} */
  let period = DEFAULT_PERIOD;
  if (from !== '' && to !== '' && rangeProblem(from, to) === null) period = { kind: 'custom', from, to };
  else if (PRESETS.includes(days)) period = { kind: 'preset', days };
  return { period, market: /^[a-z0-9_-]{1,64}$/.test(market) ? market : '' };
}

/**
 * Puts the choice in the address without a new history entry, so a reload or a bookmark shows the same report.
 * @param {ReportChoice} choice
 */
export function rememberChoice({ period, market }) {
  const params = new URLSearchParams(
    period.kind === 'preset' ? { days: String(period.days) } : { from: period.from, to: period.to },
  );
  if (market !== '') params.set('market', market);
  history.replaceState(history.state, '', `${location.pathname}?${params}`);
}

const shortDate = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDate = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Jun 20" @param {string} day */
export const dayShort = (day) => shortDate.format(dayStart(day));
/** "Jun 20, 2025" @param {string} day */
export const dayLong = (day) => longDate.format(dayStart(day));

/**
 * "Last 30 days (May 2 – May 31, 2025)", or the custom range's days.
 * @param {Period} period
 * @param {{ from: string, to: string }} range
 */
export function periodLabel(period, range) {
  const sameYear = range.from.slice(0, 4) === range.to.slice(0, 4);
  const span =
    range.from === range.to
      ? dayLong(range.from)
      : `${sameYear ? dayShort(range.from) : dayLong(range.from)} – ${dayLong(range.to)}`;
  return period.kind === 'preset' ? `Last ${period.days} days (${span})` : span;
}
