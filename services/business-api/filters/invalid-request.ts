import type { z } from 'zod';

/**
 * Marks a zod issue as the spec's 400 `invalid_request` (an ErrorEnvelope) rather than a binding failure
 * (ValidationProblemDetails): identifier filters that are blank or invalid, unknown enumerated filter values.
 */
export const INVALID_REQUEST_PARAMS = { invalidRequest: true } as const;

/** Whether `validate` must answer this issue with 400 `invalid_request`. */
export function isInvalidRequestIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && issue.params?.invalidRequest === true;
}
