// @ts-check
// The storefront API as a browser calls it: the publishable key, the market and its language on every request.

/** A problem+json answer: clients branch on `code`. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {{ code?: string, detail?: string, cart?: unknown, retryAfterSeconds?: number }} problem
   */
  constructor(status, problem) {
    super(problem.detail ?? `HTTP ${status}`);
    this.status = status;
    this.code = problem.code ?? 'UNKNOWN';
    this.problem = problem;
  }
}

export class StorefrontApi {
  /**
   * @param {string} baseUrl
   * @param {string} siteKey
   */
  constructor(baseUrl, siteKey) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.siteKey = siteKey;
    /** @type {string | null} null: the site's default market */
    this.market = null;
    /** @type {string | null} sent as Accept-Language, so the browser's own language does not override the market's */
    this.language = null;
  }

  /** @param {Record<string, string>} [extra] */
  headers(extra = {}) {
    /** @type {Record<string, string>} */
    const headers = { 'X-Site-Key': this.siteKey, ...extra };
    if (this.market !== null) headers['X-Market'] = this.market;
    if (this.language !== null) headers['Accept-Language'] = this.language;
    return headers;
  }

  /**
   * @param {string} path
   * @param {URLSearchParams} [params]
   * @param {AbortSignal} [signal]
   */
  get(path, params, signal) {
    const query = params && [...params.keys()].length > 0 ? `?${params}` : '';
    return this.request('GET', `${path}${query}`, undefined, {}, signal);
  }

  /** @returns {Promise<import('./types.js').Site>} */
  site() {
    return /** @type {Promise<import('./types.js').Site>} */ (this.get('/v1/site'));
  }

  /**
   * @param {URLSearchParams} params
   * @returns {Promise<import('./types.js').Listing>}
   */
  products(params) {
    return /** @type {Promise<import('./types.js').Listing>} */ (this.get('/v1/products', params));
  }

  /**
   * @param {string} slugOrId
   * @param {URLSearchParams} params
   * @returns {Promise<import('./types.js').CollectionPage>}
   */
  collection(slugOrId, params) {
    return /** @type {Promise<import('./types.js').CollectionPage>} */ (
      this.get(`/v1/collections/${encodeURIComponent(slugOrId)}`, params)
    );
  }

  /** @returns {Promise<{ items: import('./types.js').CollectionNode[] }>} */
  collections() {
    return /** @type {Promise<{ items: import('./types.js').CollectionNode[] }>} */ (this.get('/v1/collections'));
  }

  /**
   * @param {string} q
   * @param {AbortSignal} signal
   * @returns {Promise<import('./types.js').Suggestions>}
   */
  suggest(q, signal) {
    return /** @type {Promise<import('./types.js').Suggestions>} */ (
      this.get('/v1/search/suggest', new URLSearchParams({ q }), signal)
    );
  }

  /**
   * Search-in-facet: values of one facet matching `q`, counted under the other filters.
   * @param {string} key
   * @param {URLSearchParams} params `q` and the listing's filters
   * @param {AbortSignal} signal
   * @returns {Promise<{ values: import('./types.js').FacetValue[] }>}
   */
  facetValues(key, params, signal) {
    return /** @type {Promise<{ values: import('./types.js').FacetValue[] }>} */ (
      this.get(`/v1/products/facets/${encodeURIComponent(key)}`, params, signal)
    );
  }

  /**
   * @param {string} slugOrId
   * @returns {Promise<import('./types.js').Product>}
   */
  product(slugOrId) {
    return /** @type {Promise<import('./types.js').Product>} */ (
      this.get(`/v1/products/${encodeURIComponent(slugOrId)}`)
    );
  }

  /**
   * @param {string} productId
   * @param {URLSearchParams} params one `filter[<axis>]` per chosen axis, and `filter[in-stock]`
   * @param {AbortSignal} [signal]
   * @returns {Promise<import('./types.js').VariantsPage>}
   */
  variants(productId, params, signal) {
    return /** @type {Promise<import('./types.js').VariantsPage>} */ (
      this.get(`/v1/products/${encodeURIComponent(productId)}/variants`, params, signal)
    );
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @param {Record<string, string>} [headers]
   * @param {AbortSignal} [signal]
   * @returns {Promise<unknown>}
   */
  async request(method, path, body, headers = {}, signal) {
    const init = /** @type {RequestInit} */ ({
      method,
      headers: this.headers(body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' }),
      signal,
    });
    if (body !== undefined) init.body = JSON.stringify(body);
    const res = await fetch(`${this.baseUrl}${path}`, init);
    // An answer is read as it is: an abort while its body arrives rejects (the caller drops it), never an empty answer.
    if (res.ok) return res.json();
    throw new ApiError(res.status, await res.json().catch(() => ({})));
  }
}
