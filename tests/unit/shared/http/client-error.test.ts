import { clientErrorStatus, serializeResponse } from '../../../../shared/http/client-error';
import { clientErrorEnvelope } from '../../../../services/business-api/http/client-error-envelope';

describe('clientErrorStatus', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413],
    ['HPE_INVALID_METHOD', 400],
    [undefined, 400],
  ])('sends what Node would for %s: %d', (code, status) => {
    expect(clientErrorStatus(code)).toBe(status);
  });
});

describe('serializeResponse', () => {
  it('writes a complete response that closes the connection, counting bytes not characters', () => {
    expect(serializeResponse({ status: 431, headers: { 'Content-Type': 'application/json' }, body: '{"m":"å"}' })).toBe(
      'HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: application/json\r\nContent-Length: 10\r\nConnection: close\r\n\r\n{"m":"å"}',
    );
  });
});

describe('clientErrorEnvelope', () => {
  it('is an ErrorEnvelope whose trace id is also in X-Trace-Id', () => {
    const response = clientErrorEnvelope(431);
    const body = JSON.parse(response.body) as { traceId: string };
    expect(body).toEqual({
      code: 'request_header_fields_too_large',
      message: expect.any(String),
      traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(response.headers).toEqual({
      'Content-Type': 'application/json; charset=utf-8',
      'X-Service-Api-Version': 'v1',
      'X-Trace-Id': body.traceId,
    });
  });
});
