/**
 * A failure the caller can act on. Each API's error middleware turns it into that API's body
 * (business-api: ErrorEnvelope; storefront-api: problem+json); `code` is the spec's code.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const badRequest = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AppError(400, code, message, extra);
export const forbidden = (code: string, message: string) => new AppError(403, code, message);
export const unauthorized = (code: string, message: string) => new AppError(401, code, message);
export const unavailable = (code: string, message: string) => new AppError(503, code, message);

/**
 * 429: a budget is spent for now; `retryAfterSeconds` becomes the integer `Retry-After` header, and is in `extra`
 * for an API whose error body carries it (the storefront's problem+json). `code` is the API's own spelling: the
 * business API and identity say `rate_limited`, the storefront `RATE_LIMITED`.
 */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests; retry after the number of seconds in Retry-After.',
    code = 'rate_limited',
  ) {
    super(429, code, message, { retryAfterSeconds });
    this.name = 'RateLimitedError';
  }
}

/** The message of a thrown value: an Error's message, anything else as text. */
export const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** 503: a store the request needs is out for now; `retryAfterSeconds` becomes the integer `Retry-After` header. */
export class UnavailableError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(503, 'unavailable', message);
    this.name = 'UnavailableError';
  }
}

/** The `Retry-After` seconds an error asks the caller to wait, if it asks. */
export const retryAfterOf = (err: AppError): number | undefined =>
  err instanceof RateLimitedError || err instanceof UnavailableError ? err.retryAfterSeconds : undefined;
