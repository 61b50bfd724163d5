import { AppError, RateLimitedError, forbidden } from '../../../../../shared/errors';
import { toErrorResponse } from '../../../../../services/business-api/http/error-handler';
import { ErrorMessageError } from '../../../../../services/business-api/http/error-message-error';
import { unsupportedMediaType, validationProblem } from '../../../../../services/business-api/http/problem-details';

const bodyParserError = (type: string, status: number) => Object.assign(new Error('parser said no'), { type, status });

describe('toErrorResponse', () => {
  it('maps an AppError to an ErrorEnvelope with the trace id', () => {
    expect(toErrorResponse(forbidden('forbidden', 'no'), 'abc')).toEqual({
      status: 403,
      contentType: 'application/json',
      body: { code: 'forbidden', message: 'no', traceId: 'abc' },
      headers: {},
      internal: false,
    });
  });

  it('adds an integer Retry-After for a rate limit', () => {
    const response = toErrorResponse(new RateLimitedError(7), 't');
    expect(response.status).toBe(429);
    expect(response.headers).toEqual({ 'Retry-After': '7' });
    expect(response.body).toMatchObject({ code: 'rate_limited' });
  });

  it('answers an unreachable database with 503 unavailable and a Retry-After, not a 500', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toErrorResponse(refused, 't')).toEqual({
      status: 503,
      contentType: 'application/json',
      body: { code: 'unavailable', message: expect.any(String), traceId: 't' },
      headers: { 'Retry-After': '5' },
      internal: false,
    });
  });

  it('sends a validation problem as problem+json with its errors map', () => {
    const response = toErrorResponse(validationProblem({ id: ['bad'] }), 't');
    expect(response.contentType).toBe('application/problem+json');
    expect(response.body).toEqual({
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      errors: { id: ['bad'] },
      traceId: 't',
    });
  });

  it('sends 415 as a problem', () => {
    expect(toErrorResponse(unsupportedMediaType(), null)).toMatchObject({
      status: 415,
      contentType: 'application/problem+json',
    });
  });

  it('turns malformed JSON into a binding problem and an unsupported charset into 415', () => {
    expect(toErrorResponse(bodyParserError('entity.parse.failed', 400), 't')).toMatchObject({
      status: 400,
      body: { errors: { $: ['The request body is not valid JSON.'] } },
    });
    expect(toErrorResponse(bodyParserError('charset.unsupported', 415), 't').status).toBe(415);
    expect(toErrorResponse(bodyParserError('entity.too.large', 413), 't')).toMatchObject({
      status: 413,
      body: { code: 'payload_too_large' },
    });
  });

  it("turns a body that does not decompress (zlib's error, passed on by the parser without a type) into a binding problem", () => {
    const zlib = Object.assign(new Error('incorrect header check'), {
      errno: -3,
      code: 'Z_DATA_ERROR',
      status: 400,
      statusCode: 400,
      expose: true,
    });
    expect(toErrorResponse(zlib, 't')).toMatchObject({
      status: 400,
      internal: false,
      body: { errors: { $: ['The request body could not be read.'] } },
    });
  });

  it('sends ErrorMessageError as {error}', () => {
    expect(toErrorResponse(new ErrorMessageError(403, 'needs onboarding_company'), 't')).toMatchObject({
      status: 403,
      body: { error: 'needs onboarding_company' },
    });
  });

  it('hides everything about an unknown error behind a 500 with the trace id', () => {
    const err = new Error('relation "orders" does not exist at SELECT * FROM orders');
    const response = toErrorResponse(err, 'trace-1');
    expect(response).toMatchObject({ status: 500, internal: true });
    expect(response.body).toEqual({ code: 'internal_error', message: expect.any(String), traceId: 'trace-1' });
    expect(JSON.stringify(response.body)).not.toMatch(/orders|SELECT|stack/);
  });

  it('treats a thrown non-Error as internal too', () => {
    expect(toErrorResponse('boom', null).status).toBe(500);
    expect(toErrorResponse(new AppError(404, 'not_found', 'x'), null).status).toBe(404);
  });
});
