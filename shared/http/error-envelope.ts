import type { Response } from 'express';
import { type AppError, retryAfterOf } from '../errors';

/** The spec's ErrorEnvelope: `traceId` lets a caller quote the failing request to support. */
export type ErrorEnvelope = { code: string; message: string; traceId: string | null };

export const INTERNAL_ERROR: Pick<ErrorEnvelope, 'code' | 'message'> = {
  code: 'internal_error',
  message: 'An unexpected error occurred. Quote the traceId to support.',
};

/** Sends an AppError as an ErrorEnvelope, with `Retry-After` when the error asks the caller to wait (429, 503). */
export function sendAppError(res: Response, err: AppError, traceId: string | null): void {
  const retryAfter = retryAfterOf(err);
  if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
  const body: ErrorEnvelope = { code: err.code, message: err.message, traceId };
  res.status(err.status).json(body);
}

/** Sends the fixed 500 envelope: the cause goes to the log, never to the caller. */
export function sendInternalError(res: Response, traceId: string | null): void {
  const body: ErrorEnvelope = { ...INTERNAL_ERROR, traceId };
  res.status(500).json(body);
}
