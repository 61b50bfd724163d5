// @ts-check
// The storefront admin REST API as the console calls it: a bearer token on every request, answers as JSON.

/** An answer that is not a success: business-api's `{code, message}` envelope or ValidationProblemDetails. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {{ code?: string, message?: string, title?: string, errors?: Record<string, string[]> }} body
   */
  constructor(status, body) {
    super(body.message ?? body.title ?? `The admin API answered HTTP ${status}.`);
    this.status = status;
    this.code = body.code ?? (status === 400 ? 'validation' : 'unknown');
    /** Field paths to their messages, for forms to show beside each field. */
    this.fields = body.errors ?? {};
  }
}

export class AdminApi {
  /**
   * @param {string} baseUrl business-api's base URL
   * @param {string} accessToken
   * @param {() => void} onUnauthorized called when the token is no longer accepted (expired or revoked)
   */
  constructor(baseUrl, accessToken, onUnauthorized) {
    this.root = `${baseUrl.replace(/\/+$/, '')}/api/v1`;
    this.accessToken = accessToken;
    this.onUnauthorized = onUnauthorized;
  }

  /**
   * @template T
   * @param {string} path under /api/v1, with its query
   * @param {AbortSignal} [signal]
   * @returns {Promise<T>}
   */
  async get(path, signal) {
    return /** @type {Promise<T>} */ (this.request('GET', path, undefined, signal));
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @param {AbortSignal} [signal]
   * @returns {Promise<unknown>}
   */
  async request(method, path, body, signal) {
    /** @type {Record<string, string>} */
    const headers = { Authorization: `Bearer ${this.accessToken}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.root}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    if (res.status === 401) this.onUnauthorized();
    if (res.status === 204) return undefined;
    // An abort while the body arrives rejects (the caller drops it); only a refusal's body may be unreadable.
    if (res.ok) return res.json();
    throw new ApiError(res.status, await res.json().catch(() => ({})));
  }
}
