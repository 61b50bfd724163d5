// @ts-check
// Products as merchandising names them: the configuration keeps ids only, so the page learns the names of the
// products the draft pins or hides from the admin API, and of those the admin finds on the page.

/** @typedef {{ productId: string, productNumber: string, name: string, active: boolean }} MerchProduct */

/** @type {Map<string, MerchProduct>} */
const known = new Map();
/** Ids the draft pins or hides that name no product of the tenant. */
const missing = new Set();

/** @param {MerchProduct[]} products */
const remember = (products) => {
  for (const p of products) known.set(p.productId, p);
};

/** How the page names a product: "Blue sneaker (SKU-12)", else by its id. @param {string} id */
export function productLabel(id) {
  const p = known.get(id);
  if (p) return `${p.name} (${p.productNumber})`;
  return missing.has(id) ? `Product id ${id} (not in the catalogue)` : `Product id ${id}`;
}

/**
 * Learns the names of the products the site's draft pins or hides. A failure leaves the ids as they are: the page
 * still works, naming products by id.
 * @param {import('../../api.js').AdminApi} api
 * @param {number} siteId
 * @param {AbortSignal} [signal]
 */
export async function learnDraftProducts(api, siteId, signal) {
  try {
    const answer = /** @type {{ products: MerchProduct[], missing: string[] }} */ (
      await api.get(`/storefront/sites/${siteId}/merchandised-products`, signal)
    );
    remember(answer.products);
    for (const id of answer.missing) missing.add(id);
  } catch {
    // Names are a courtesy: without them the rules show product ids.
  }
}

/**
 * The tenant's storefront products (never variants) matching a name, product number or barcode.
 * @param {import('../../api.js').AdminApi} api
 * @param {number} siteId
 * @param {string} q
 * @param {AbortSignal} [signal]
 * @returns {Promise<MerchProduct[]>}
 */
export async function findProducts(api, siteId, q, signal) {
  const { products } = /** @type {{ products: MerchProduct[] }} */ (
    await api.get(`/storefront/sites/${siteId}/merchandisable-products?q=${encodeURIComponent(q)}&limit=8`, signal)
  );
  remember(products);
  return products;
}
