import { z } from 'zod';

/**
 * Marks a zod issue as the spec's 400 `invalid_request` (an ErrorEnvelope) rather than a binding failure
 * (ValidationProblemDetails): identifier filters that are blank or invalid, unknown enumerated filter values.
 */
export const INVALID_REQUEST_PARAMS = { invalidRequest: true } as const;

/** Records `message` as an `invalid_request` issue of a zod transform; returns what the transform must return. */
export function refuseAsInvalidRequest(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message, params: INVALID_REQUEST_PARAMS });
  return z.NEVER;
}

/** Whether `validate` must answer this issue with 400 `invalid_request`. */
export function isInvalidRequestIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && issue.params?.invalidRequest === true;
}
