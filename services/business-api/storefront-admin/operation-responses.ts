import { PROBLEM_CONTENT_TYPE } from '../http/problem-details';
import { errorEnvelopeSchema, validationProblemSchema } from '../openapi/common-schemas';

/** The tag and the shared error responses of the admin operations (keys, publishing, runs, search preview). */
export const TAG = 'Storefront admin';

export const SITE_NOT_FOUND = {
  description: 'No storefront site has this id in the tenant',
  schema: errorEnvelopeSchema,
};

export const NO_INDEXING = {
  description: 'unavailable: storefront indexing is not configured on this server (or the database cannot be reached)',
  schema: errorEnvelopeSchema,
};

/** 400 for a rule of the configuration a request breaks, as ValidationProblemDetails naming each field. */
export const CONFIG_INVALID = (what: string) => ({
  description: `${what} (ValidationProblemDetails naming each field), or the request cannot be bound`,
  schema: validationProblemSchema,
  contentType: PROBLEM_CONTENT_TYPE,
});
