/**
 * RFC 9457 problem details, the body of the spec's binding (400) and media-type (415) failures. The
 * validation variant follows the ValidationProblemDetails shape: `errors` maps a field to its messages.
 */
export type ProblemDetails = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: Record<string, string[]>;
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** A failure answered as problem+json instead of ErrorEnvelope. */
export class ProblemError extends Error {
  constructor(readonly problem: ProblemDetails) {
    super(problem.detail ?? problem.title);
    this.name = 'ProblemError';
  }
}

/** 400: the request could not be bound; `errors` names each field (see docs/decisions.md for the keys). */
export const validationProblem = (errors: Record<string, string[]>) =>
  new ProblemError({
    type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
    title: 'One or more validation errors occurred.',
    status: 400,
    errors,
  });

/** 415: the body is in a content type (or charset) this API cannot read. */
export const unsupportedMediaType = (detail = 'Send the body as application/json.') =>
  new ProblemError({
    type: 'https://tools.ietf.org/html/rfc9110#section-15.5.16',
    title: 'Unsupported Media Type',
    status: 415,
    detail,
  });
