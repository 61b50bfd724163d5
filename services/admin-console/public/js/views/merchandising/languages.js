// @ts-check
// The languages synonyms are kept for: those of the draft's markets (the default market's first), then any other
// language that has a set (used by markets of its regions, `de` by `de-AT`, or by none).

const names = new Intl.DisplayNames(['en'], { type: 'language' });

/** A language code as the page names it: "Swedish (sv)", or the code alone when the browser has no name for it. */
export function languageName(/** @type {string} */ code) {
  try {
    const name = names.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** The rule of a language code (BCP-47 as the storefront uses it), as the API checks it. */
export const isLanguageCode = (/** @type {string} */ code) => /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(code);

/**
 * @param {import('./types.js').Merchandising} draft
 * @returns {{ code: string, inMarkets: boolean }[]}
 */
export function draftLanguages(draft) {
  const markets = [...draft.markets].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const inMarkets = [...new Set(markets.map((m) => m.language))];
  const others = Object.keys(draft.synonyms)
    .filter((code) => !inMarkets.includes(code))
    .sort();
  // A `de` set serves a `de-AT` market that has no set of its own.
  const used = (/** @type {string} */ code) => inMarkets.some((l) => l.startsWith(`${code}-`));
  return [
    ...inMarkets.map((code) => ({ code, inMarkets: true })),
    ...others.map((code) => ({ code, inMarkets: used(code) })),
  ];
}

/** The default market's language, else the first market's, else null (a site without markets). */
export function defaultLanguage(/** @type {import('./types.js').Merchandising} */ draft) {
  return (draft.markets.find((m) => m.isDefault) ?? draft.markets[0])?.language ?? null;
}
