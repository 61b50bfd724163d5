// @ts-check
// The listing's state as the shop's URL carries it, in the API's own parameters (q, page, sort, filter[<key>]),
// so a listing URL is shareable and maps onto one API call.

/**
 * One value in the filter grammar: a comma is written `\,` and a backslash `\\`.
 * @param {string} value
 */
export const escapeValue = (value) => value.replace(/\\/g, '\\\\').replace(/,/g, '\\,');

/**
 * The values of one `filter[<key>]` parameter: split on unescaped commas; a backslash before anything but a
 * comma or a backslash is a plain backslash.
 * @param {string} raw
 */
export function splitValues(raw) {
  /** @type {string[]} */
  const values = [];
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
  return values.filter((v) => v !== '');
}

const FILTER = /^filter\[(.+)\]$/;

/**
 * A range filter's bounds (`min-max`, either may be empty; bounds may be negative), or null.
 * @param {string} value
 * @returns {{ min: string, max: string } | null}
 */
export function parseRange(value) {
  const match = /^(-?[\d.]*)-(-?[\d.]*)$/.exec(value);
  return match === null ? null : { min: match[1] ?? '', max: match[2] ?? '' };
}

export class ListingQuery {
  /**
   * @param {{ q?: string, page?: number, sort?: string, filters?: Map<string, string[]> }} [parts]
   */
  constructor(parts = {}) {
    this.q = parts.q ?? '';
    this.page = parts.page ?? 1;
    this.sort = parts.sort ?? '';
    /** @type {Map<string, string[]>} */
    this.filters = parts.filters ?? new Map();
  }

  /** @param {URLSearchParams} params */
  static fromParams(params) {
    /** @type {Map<string, string[]>} */
    const filters = new Map();
    for (const [name, value] of params) {
      const key = FILTER.exec(name)?.[1];
      if (key !== undefined) filters.set(key, [...(filters.get(key) ?? []), ...splitValues(value)]);
    }
    const page = Number(params.get('page') ?? '1');
    return new ListingQuery({
      q: params.get('q') ?? '',
      page: Number.isInteger(page) && page > 0 ? page : 1,
      sort: params.get('sort') ?? '',
      filters,
    });
  }

  toParams() {
    const params = new URLSearchParams();
    if (this.q !== '') params.set('q', this.q);
    for (const [key, values] of this.filters)
      if (values.length > 0) params.set(`filter[${key}]`, values.map(escapeValue).join(','));
    if (this.sort !== '') params.set('sort', this.sort);
    if (this.page > 1) params.set('page', String(this.page));
    return params;
  }

  /**
   * The same listing with other parts; any change but the page goes back to page 1.
   * @param {{ q?: string, page?: number, sort?: string, filters?: Map<string, string[]> }} parts
   */
  with(parts) {
    return new ListingQuery({ q: this.q, sort: this.sort, filters: this.filters, ...parts, page: parts.page ?? 1 });
  }

  /**
   * @param {string} key
   * @param {string[]} values an empty list removes the filter
   */
  withFilter(key, values) {
    const filters = new Map(this.filters);
    if (values.length === 0) filters.delete(key);
    else filters.set(key, values);
    return this.with({ filters });
  }

  /**
   * Adds the value to the facet's filter, or takes it out when it is there.
   * @param {string} key
   * @param {string} value
   * @param {boolean} single the facet takes one value at a time
   */
  toggle(key, value, single = false) {
    const current = this.filters.get(key) ?? [];
    if (current.includes(value))
      return this.withFilter(
        key,
        current.filter((v) => v !== value),
      );
    return this.withFilter(key, single ? [value] : [...current, value]);
  }

  /**
   * @param {string} key
   * @param {string} value
   */
  has(key, value) {
    return (this.filters.get(key) ?? []).includes(value);
  }
}
