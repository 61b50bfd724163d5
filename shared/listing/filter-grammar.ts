/** Why a query parameter is not a filter at all (400 INVALID_FILTER), as opposed to a filter to ignore. */
export class FilterSyntaxError extends Error {
  constructor(
    readonly parameter: string,
    reason: string,
  ) {
    super(`${parameter}: ${reason}`);
    this.name = 'FilterSyntaxError';
  }
}

const FILTER_PARAM = /^filter\[([^[\]]*)\]$/;
// Any key of this form is a filter; one no facet has (`__proto__` among them) is ignored with FILTER_IGNORED.
const KEY = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The values of one raw filter parameter (rule 9): split on commas; a backslash escapes a comma or a
 * backslash, and is a plain backslash before any other character. Empty pieces are kept (as "") so the
 * caller can report them.
 */
export function splitValues(raw: string): string[] {
  const values: string[] = [];
  let current = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    const next = raw[i + 1];
    if (c === '\\' && (next === ',' || next === '\\')) {
      current += next;
      i++;
    } else if (c === ',') {
      values.push(current);
      current = '';
    } else current += c;
  }
  values.push(current);
  return values;
}

/** Joins values back into one parameter value, escaping as splitValues reads it (the inverse, for links). */
export const joinValues = (values: readonly string[]): string =>
  values.map((v) => v.replace(/\\/g, '\\\\').replace(/,/g, '\\,')).join(',');

/**
 * The filters of a query string (rule 6): `filter[<key>]=<values>`; a repeated key is one filter with the
 * values of every occurrence, in order, without repeats. Other parameters are left alone. A parameter that
 * starts with `filter` but is not `filter[<key>]` with a well-formed key throws FilterSyntaxError.
 */
export function parseFilterParams(
  params: Iterable<[string, string]>,
): Map<string, { raw: string[]; values: string[] }> {
  const filters = new Map<string, { raw: string[]; values: string[] }>();
  for (const [name, value] of params) {
    if (!name.startsWith('filter')) continue;
    const match = FILTER_PARAM.exec(name);
    if (match === null) throw new FilterSyntaxError(name, 'a filter is written filter[<facet key>]=<values>');
    const key = match[1] ?? '';
    if (!KEY.test(key))
      throw new FilterSyntaxError(name, 'the facet key must be 1 to 64 letters, digits, "_", "." or "-"');
    const entry = filters.get(key) ?? { raw: [], values: [] };
    entry.raw.push(value);
    for (const v of splitValues(value)) if (!entry.values.includes(v)) entry.values.push(v);
    filters.set(key, entry);
  }
  return filters;
}
