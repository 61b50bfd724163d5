// @ts-check
// A rule's time window: ISO instants in the API, the browser's local time in the form (datetime-local inputs).
import { when } from '../../format.js';

/** The browser's time zone, named for the admin ("Europe/Stockholm"). */
export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the browser's time zone; '' for none. @param {string | null} iso */
export function localValue(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  const seconds = d.getSeconds() === 0 ? '' : `:${pad(d.getSeconds())}`;
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:` +
    `${pad(d.getMinutes())}${seconds}`
  );
}

/** A datetime-local value (local time) as the instant the API takes; null for an empty box. @param {string} value */
export const instantOf = (value) => (value === '' ? null : new Date(value).toISOString());

/**
 * A rule's window in words, and where now is in it.
 * @param {{ activeFrom: string | null, activeUntil: string | null }} rule
 * @param {number} [now]
 * @returns {{ text: string, state: 'always' | 'active' | 'later' | 'ended' }}
 */
export function windowOf({ activeFrom, activeUntil }, now = Date.now()) {
  if (activeFrom === null && activeUntil === null) return { text: 'Always', state: 'always' };
  const text =
    activeFrom === null
      ? `Until ${when(/** @type {string} */ (activeUntil))}`
      : activeUntil === null
        ? `From ${when(activeFrom)}`
        : `${when(activeFrom)} to ${when(activeUntil)}`;
  const state =
    activeFrom !== null && now < Date.parse(activeFrom)
      ? 'later'
      : activeUntil !== null && now >= Date.parse(activeUntil)
        ? 'ended'
        : 'active';
  return { text, state };
}
