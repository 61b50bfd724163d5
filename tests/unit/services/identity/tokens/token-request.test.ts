import { OAuthError } from '../../../../../services/identity/tokens/oauth-error';
import { parseTokenRequest } from '../../../../../services/identity/tokens/token-request';

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function oauthError(fn: () => unknown): OAuthError {
  try {
    fn();
  } catch (err) {
    if (err instanceof OAuthError) return err;
    throw err;
  }
  throw new Error('expected an OAuthError');
}

describe('parseTokenRequest', () => {
  it('reads credentials from the body', () => {
    const body = { grant_type: 'client_credentials', client_id: 'ap_1', client_secret: 's', scope: 'read' };
    expect(parseTokenRequest(body, undefined)).toEqual({
      clientId: 'ap_1',
      clientSecret: 's',
      scope: 'read',
      usedBasic: false,
    });
  });

  it('reads credentials from HTTP Basic, form-decoding both parts', () => {
    const request = parseTokenRequest({ grant_type: 'client_credentials' }, basic('ap_1', 'a:b+c d'));
    expect(request).toEqual({ clientId: 'ap_1', clientSecret: 'a:b+c d', scope: undefined, usedBasic: true });
  });

  it('tolerates client_id repeated in the body alongside the same Basic id', () => {
    expect(
      parseTokenRequest({ grant_type: 'client_credentials', client_id: 'ap_1' }, basic('ap_1', 's')).usedBasic,
    ).toBe(true);
  });

  it.each([
    ['missing grant_type', {}, undefined, 'invalid_request', 400],
    ['other grant type', { grant_type: 'password' }, undefined, 'unsupported_grant_type', 400],
    [
      'repeated parameter',
      { grant_type: ['client_credentials', 'client_credentials'] },
      undefined,
      'invalid_request',
      400,
    ],
    [
      'two auth methods',
      { grant_type: 'client_credentials', client_secret: 's' },
      basic('ap_1', 's'),
      'invalid_request',
      400,
    ],
    ['no credentials', { grant_type: 'client_credentials' }, undefined, 'invalid_client', 401],
    ['no secret', { grant_type: 'client_credentials', client_id: 'ap_1' }, undefined, 'invalid_client', 401],
    [
      'oversized client id',
      { grant_type: 'client_credentials', client_id: 'x'.repeat(200), client_secret: 's' },
      undefined,
      'invalid_client',
      401,
    ],
    ['malformed Basic', { grant_type: 'client_credentials' }, 'Basic !!!', 'invalid_client', 401],
    [
      'Basic without colon',
      { grant_type: 'client_credentials' },
      `Basic ${Buffer.from('nocolon').toString('base64')}`,
      'invalid_client',
      401,
    ],
  ])('refuses %s', (_name, body, authorization, error, status) => {
    expect(oauthError(() => parseTokenRequest(body, authorization))).toMatchObject({ error, status });
  });

  it('asks for Basic in WWW-Authenticate only when Basic was tried', () => {
    expect(
      oauthError(() => parseTokenRequest({ grant_type: 'client_credentials' }, 'Basic !!!')).headers,
    ).toHaveProperty('WWW-Authenticate');
    expect(oauthError(() => parseTokenRequest({ grant_type: 'client_credentials' }, undefined)).headers).toEqual({});
  });

  it('ignores a non-object body and other authorization schemes', () => {
    expect(oauthError(() => parseTokenRequest('grant_type=client_credentials', 'Bearer x')).error).toBe(
      'invalid_request',
    );
  });
});
