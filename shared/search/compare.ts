import type { SuggestValue } from './suggest';

/** Ordinal (UTF-16 code unit) comparison: the order the port promises for ids, values and sort names. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The order of suggested values (see SuggestResponse): count descending, then key, then value. */
export function compareSuggestValues(a: SuggestValue, b: SuggestValue): number {
  return b.count - a.count || compareStrings(a.key, b.key) || compareStrings(a.value, b.value);
}
