import { randomUUID } from 'node:crypto';
import type { RawResponse } from '../../../shared/http/client-error';
import type { ErrorEnvelope } from '../../../shared/http/error-envelope';
import { TRACE_ID_HEADER } from '../../../shared/http/request-context';

const ANSWERS: Record<number, Pick<ErrorEnvelope, 'code' | 'message'>> = {
  431: {
    code: 'request_header_fields_too_large',
    message: 'The request line and headers are larger than 16 KB; an access token is a few hundred bytes.',
  },
  408: { code: 'request_timeout', message: 'The request was not received in time.' },
  413: { code: 'payload_too_large', message: 'The request is too large.' },
  400: { code: 'invalid_request', message: 'The request is not valid HTTP.' },
};

/**
 * A request Node refused before the app saw it (oversized headers, malformed HTTP), answered as business-api answers
 * any error: an ErrorEnvelope with a fresh trace id and the version header. No app ran, so nothing else is known.
 */
export function clientErrorEnvelope(status: number): RawResponse {
  const traceId = randomUUID().replaceAll('-', '');
  const answer = ANSWERS[status] ?? { code: 'invalid_request', message: 'The request could not be read.' };
  const body: ErrorEnvelope = { ...answer, traceId };
  return {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'X-Service-Api-Version': 'v1',
      [TRACE_ID_HEADER]: traceId,
    },
    body: JSON.stringify(body),
  };
}
