// @ts-check
// The configuration's structured values as a shop admin types them in a textarea (one item a line) and back.
// A line that cannot be read becomes an error on the field's path, shown beside it like the API's own errors.
import { ApiError } from '../../api.js';

/** Messages per field path, collected while a form is read; `check` throws them as one failed save. */
export class Problems {
  constructor() {
    /** @type {Record<string, string[]>} */
    this.fields = {};
  }

  /** @param {string} path @param {string} message */
  add(path, message) {
    const messages = this.fields[path] ?? [];
    messages.push(message);
    this.fields[path] = messages;
  }

  /** Throws the problems as the API would (a ValidationProblemDetails), so forms.js puts each beside its field. */
  check() {
    if (Object.keys(this.fields).length > 0)
      throw new ApiError(400, { title: 'Some fields cannot be read.', errors: this.fields });
  }
}

/** @param {string} text */
const linesOf = (text) =>
  text
    .split(/\r?\n/)
    .map((line, i) => ({ line: line.trim(), number: i + 1 }))
    .filter((l) => l.line !== '');

/**
 * A line `name: rest`, split at its first colon; null when it has none.
 * @param {string} line
 */
function pairOf(line) {
  const at = line.indexOf(':');
  return at === -1 ? null : { name: line.slice(0, at).trim(), rest: line.slice(at + 1).trim() };
}

/**
 * Text per language (`en: Colour` a line) as a record. A line without a colon is a problem on `path`.
 * @param {string} text
 * @param {string} path
 * @param {Problems} problems
 * @returns {Record<string, string>}
 */
export function readPerLanguage(text, path, problems) {
  /** @type {Record<string, string>} */
  const record = {};
  for (const { line, number } of linesOf(text)) {
    const pair = pairOf(line);
    if (pair === null || pair.name === '')
      problems.add(path, `Line ${number}: write a language code, a colon and the text, such as en: Colour.`);
    else record[pair.name] = pair.rest;
  }
  return record;
}

/** @param {Record<string, unknown> | undefined} record */
export const writePerLanguage = (record) =>
  Object.entries(record ?? {})
    .map(([language, value]) => `${language}: ${String(value)}`)
    .join('\n');

/**
 * A filter in the listing grammar (`brand: acme, nordic` a line; `all:` alone for every product) as a record.
 * Value keys are slugs, so a comma never belongs to one.
 * @param {string} text
 * @param {string} path
 * @param {Problems} problems
 * @returns {Record<string, string[]>}
 */
export function readFilter(text, path, problems) {
  /** @type {Record<string, string[]>} */
  const record = {};
  for (const { line, number } of linesOf(text)) {
    const pair = pairOf(line);
    if (pair === null || pair.name === '')
      problems.add(path, `Line ${number}: write a facet key, a colon and its values, such as brand: acme, nordic.`);
    else
      record[pair.name] = pair.rest
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '');
  }
  return record;
}

/** @param {Record<string, unknown> | undefined} filter */
export const writeFilter = (filter) =>
  Object.entries(filter ?? {})
    .map(([key, values]) => `${key}: ${(/** @type {string[]} */ (values)).join(', ')}`.trimEnd())
    .join('\n');

/**
 * Pins as `position: product id` a line (`1: 1042` puts product 1042 first).
 * @param {string} text
 * @param {string} path
 * @param {Problems} problems
 * @returns {{ productId: string, position: number | string }[]}
 */
export function readPins(text, path, problems) {
  return linesOf(text).flatMap(({ line, number }) => {
    const pair = pairOf(line);
    if (pair === null || pair.name === '' || pair.rest === '') {
      problems.add(path, `Line ${number}: write the position, a colon and the product id, such as 1: 1042.`);
      return [];
    }
    return [{ productId: pair.rest, position: numberOrText(pair.name) }];
  });
}

/** @param {unknown} pins */
export const writePins = (pins) =>
  /** @type {{ productId: string, position: number }[]} */ (pins ?? [])
    .map((p) => `${p.position}: ${p.productId}`)
    .join('\n');

/**
 * Words separated by commas, spaces or lines (product ids, category ids, origins).
 * @param {string} text
 */
export const readList = (text) => text.split(/[\s,]+/).filter((v) => v !== '');

/**
 * A number as typed; text that is no number is sent as it is, so the API names the field in its own words.
 * @param {string} text
 */
export function numberOrText(text) {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/**
 * An optional number: empty is left out (the API's default applies).
 * @param {string} text
 */
export const optionalNumber = (text) => (text.trim() === '' ? undefined : numberOrText(text));

/**
 * An optional text the API keeps as null when empty.
 * @param {string} text
 */
export const textOrNull = (text) => (text.trim() === '' ? null : text.trim());

/**
 * A JSON value typed in a textarea; empty is `empty`. Text that is not JSON is a problem on `path`.
 * @param {string} text
 * @param {unknown} empty
 * @param {string} path
 * @param {Problems} problems
 */
export function readJson(text, empty, path, problems) {
  if (text.trim() === '') return empty;
  try {
    return JSON.parse(text);
  } catch {
    problems.add(path, 'This is not valid JSON; see the example in the hint.');
    return empty;
  }
}
