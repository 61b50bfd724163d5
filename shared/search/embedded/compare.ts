/** Ordinal (UTF-16 code unit) comparison: the order the port promises for ids, values and sort names. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
