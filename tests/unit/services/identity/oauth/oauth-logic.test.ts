import { isCodeVerifier, isS256Challenge, s256 } from '../../../../../services/identity/oauth/authorization-codes';
import {
  checkAuthorizeRequest,
  readAuthorizeParams,
  redirectWith,
} from '../../../../../services/identity/oauth/authorize-request';
import { normalRedirectUri, parseClientMetadata } from '../../../../../services/identity/oauth/clients';
import { audienceFor } from '../../../../../services/identity/tokens/audience';
import { consentScope } from '../../../../../services/identity/tokens/grant-scope';

describe('PKCE S256 (RFC 7636)', () => {
  it('matches the RFC 7636 appendix B example', () => {
    expect(s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
  it('accepts verifiers of 43 to 128 unreserved characters only', () => {
    expect(isCodeVerifier('a'.repeat(43))).toBe(true);
    expect(isCodeVerifier('a'.repeat(42))).toBe(false);
    expect(isCodeVerifier('a'.repeat(129))).toBe(false);
    expect(isCodeVerifier(`${'a'.repeat(43)}+`)).toBe(false);
    expect(isS256Challenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(isS256Challenge('short')).toBe(false);
  });
});

describe('client registration (RFC 7591)', () => {
  it.each([
    ['https://app.example.com/cb', true],
    ['http://127.0.0.1:6274/oauth/callback', true],
    ['http://localhost/cb', true],
    ['http://[::1]:8080/cb', true],
    ['http://app.example.com/cb', false],
    ['https://app.example.com/cb#frag', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
    // Read as loopback by WHATWG parsing, as evil.example by others: refused.
    ['http://127.0.0.1\\@evil.example/', false],
    ['http://127.0.0.1\\evil.example/cb', false],
    ['http://user@127.0.0.1/cb', false],
    ['https://user:pass@app.example.com/cb', false],
    ['https://evil.example@app.example.com/cb', false],
    ['https://app.example.com/a/../cb', false],
    ['https://app.example.com/./cb', false],
    ['https://app.example.com/a/%2e%2E/cb', false],
    ['https://app.example.com/cb/..', false],
    ['https://app.example.com/cb\r\nSet-Cookie:x=1', false],
    ['https://app.example.com/c b', false],
    ['https://app.example.com/cb\u0000', false],
    [' https://app.example.com/cb', false],
    ['https://app.example.com/cb?next=/a/../b', true],
    ['https://app.example.com/v1.2/cb', true],
  ])('redirect URI %j allowed: %s', (uri, allowed) => expect(normalRedirectUri(uri) !== null).toBe(allowed));

  it('keeps a redirect URI in its normal form', () => {
    expect(normalRedirectUri('HTTPS://App.Example.com:443/cb?x=1')).toBe('https://app.example.com/cb?x=1');
    expect(normalRedirectUri('http://LOCALHOST:6274/cb')).toBe('http://localhost:6274/cb');
    expect(
      parseClientMetadata({ redirect_uris: ['https://A.example/cb', 'https://a.example/cb'] }).redirectUris,
    ).toEqual(['https://a.example/cb']);
  });

  it('registers public clients, and refuses other grants, response types and bad URIs with the RFC codes', () => {
    expect(
      parseClientMetadata({
        redirect_uris: ['https://a.example/cb'],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'client_secret_basic',
      }),
    ).toEqual({ clientName: 'MCP client', redirectUris: ['https://a.example/cb'] });
    expect(() => parseClientMetadata({ redirect_uris: ['http://a.example/cb'] })).toThrow(
      expect.objectContaining({ error: 'invalid_redirect_uri' }),
    );
    expect(() => parseClientMetadata({ redirect_uris: [] })).toThrow(
      expect.objectContaining({ error: 'invalid_client_metadata' }),
    );
    expect(() =>
      parseClientMetadata({ redirect_uris: ['https://a.example/cb'], grant_types: ['client_credentials'] }),
    ).toThrow(expect.objectContaining({ error: 'invalid_client_metadata' }));
    expect(() => parseClientMetadata({ redirect_uris: ['https://a.example/cb'], response_types: ['token'] })).toThrow(
      expect.objectContaining({ error: 'invalid_client_metadata' }),
    );
  });
});

describe('authorization requests', () => {
  const client = { clientId: 'mcp_1', clientName: 'C', redirectUris: ['https://a.example/cb'] };
  const challenge = s256('x'.repeat(43));
  const base = {
    response_type: 'code',
    client_id: 'mcp_1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st',
  };
  const resources = ['https://api.example.com/mcp'];

  it('accepts a complete request, defaulting the only registered redirect URI', () => {
    expect(checkAuthorizeRequest(base, client, resources)).toEqual({
      client,
      redirectUri: 'https://a.example/cb',
      state: 'st',
      codeChallenge: challenge,
      resource: undefined,
      scope: undefined,
    });
  });
  it('compares an asked-for redirect URI in its normal form, as registered ones are stored', () => {
    expect(
      checkAuthorizeRequest({ ...base, redirect_uri: 'HTTPS://A.example:443/cb' }, client, resources),
    ).toMatchObject({ redirectUri: 'https://a.example/cb' });
    expect(
      checkAuthorizeRequest({ ...base, redirect_uri: 'https://a.example/x/../cb' }, client, resources),
    ).toMatchObject({ kind: 'page' });
  });
  it('shows a page, never a redirect, for an unknown client or an unregistered redirect URI', () => {
    expect(checkAuthorizeRequest(base, undefined, resources)).toMatchObject({ kind: 'page' });
    expect(
      checkAuthorizeRequest({ ...base, redirect_uri: 'https://evil.example/cb' }, client, resources),
    ).toMatchObject({ kind: 'page' });
  });
  it.each([
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ code_challenge_method: 'plain' }, 'invalid_request'],
    [{ code_challenge: undefined }, 'invalid_request'],
    [{ resource: 'https://other.example/mcp' }, 'invalid_target'],
    [{ scope: 'read\u0000write' }, 'invalid_request'],
  ])('redirects %j back with %s', (change, error) => {
    expect(checkAuthorizeRequest({ ...base, ...change }, client, resources)).toMatchObject({
      kind: 'redirect',
      redirectUri: 'https://a.example/cb',
      state: 'st',
      error,
    });
  });
  it('reads each parameter once and treats blanks as absent', () => {
    expect(readAuthorizeParams({ client_id: 'a', state: '', other: 'x' })).toEqual({ client_id: 'a' });
    expect(readAuthorizeParams({ client_id: ['a', 'b'] })).toBeUndefined();
  });
  it('adds answer parameters to the redirect URI, keeping its own', () => {
    expect(redirectWith('https://a.example/cb?x=1', { code: 'c', state: undefined, iss: 'https://id' })).toBe(
      'https://a.example/cb?x=1&code=c&iss=https%3A%2F%2Fid',
    );
  });
});

describe('token audience and consent scope', () => {
  const settings = { audience: 'aisle-business-api', resources: ['https://api.example.com/mcp'] };
  it('binds a token to the requested resource, or the REST API without one; an unknown resource is invalid_target', () => {
    expect(audienceFor(settings, undefined)).toBe('aisle-business-api');
    expect(audienceFor(settings, 'https://api.example.com/mcp')).toBe('https://api.example.com/mcp');
    expect(() => audienceFor(settings, 'https://api.example.com/mcp/')).toThrow(
      expect.objectContaining({ error: 'invalid_target' }),
    );
  });
  it('narrows what the client asks for to what the app password grants', () => {
    const rw = { access: 'read-write' as const, permissions: ['price' as const] };
    const ro = { access: 'read-only' as const, permissions: [] };
    expect(consentScope(rw, undefined)).toBe('read write price');
    expect(consentScope(rw, 'read write onboarding_company payment_manage price quantity')).toBe('read write price');
    expect(consentScope(rw, 'read')).toBe('read');
    expect(consentScope(ro, 'read write price')).toBe('read');
  });
});
