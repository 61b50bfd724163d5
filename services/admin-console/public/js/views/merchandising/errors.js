// @ts-check
// The API's validation messages in the words of the page: the same errors (and paths), with the schema's terms
// ("an equivalent group", "activeFrom") replaced by what the admin sees on the form.
import { ApiError } from '../../api.js';

/** @typedef {(path: string, message: string) => { path: string, message: string }} Rewording */

/**
 * A copy of `err` whose field errors went through `reword`; any other error as it was.
 * @param {unknown} err
 * @param {Rewording} reword
 * @returns {unknown}
 */
export function reworded(err, reword) {
  if (!(err instanceof ApiError) || Object.keys(err.fields).length === 0) return err;
  /** @type {Record<string, string[]>} */
  const errors = {};
  for (const [path, messages] of Object.entries(err.fields)) {
    for (const m of messages) {
      const next = reword(path, m);
      const listed = errors[next.path] ?? [];
      listed.push(next.message);
      errors[next.path] = listed;
    }
  }
  return new ApiError(err.status, { code: err.code, message: err.message, errors });
}

/** Messages of the configuration's schema, as the page says them. */
const WORDS = /** @type {[RegExp, string][]} */ ([
  [/^an equivalent group needs at least two terms$/, 'Give at least two words or phrases that mean the same.'],
  [
    /^a one-way entry needs at least one term in to$/,
    'Give at least one word or phrase that a search for it should also find.',
  ],
  [
    /^the rule does nothing/,
    'The rule does nothing yet: pin or hide a product, show some products first or last, apply a filter, or redirect.',
  ],
  [/^must be after activeFrom$/, 'must be after the start.'],
  [
    /^another rule has this query and redirects it/,
    'Another rule already redirects this search in the same markets and time: change that rule, or this ' +
      "one's markets or dates.",
  ],
]);

/** @param {string} message */
export const inPageWords = (message) => WORDS.find(([pattern]) => pattern.test(message))?.[1] ?? message;
