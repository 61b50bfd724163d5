// @ts-check

/** @typedef {import('./app.js').App} App */

/**
 * A facet key as the service derives it from a name (folded, lowercased, runs of other characters as one hyphen).
 * @param {string} text
 */
const keyOf = (text) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

/**
 * Option axes ("colour", "size") are data, not words in the shopper's language: each is shown under the label of
 * the facet it feeds, and that facet's swatch colours colour its values.
 * @param {App} app
 * @returns {Promise<(axis: string) => string>}
 */
export async function axisLabeller(app) {
  const facets = await app.facets();
  for (const facet of facets)
    for (const v of facet.values) if (v.swatch?.color) app.swatches.set(v.label, v.swatch.color);
  return (axis) => facets.find((f) => f.key === keyOf(axis))?.label ?? axis;
}
