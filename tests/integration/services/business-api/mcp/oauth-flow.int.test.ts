import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { createAppPassword } from '../../../../../services/identity/app-passwords/create-app-password';
import { s256 } from '../../../../../services/identity/oauth/authorization-codes';
import { identityApp, insertTenant, tempSigningKey } from '../../../../support/identity';
import { callTool, startMcpServer, textOf, type McpHarness } from '../../../../support/mcp-server';

const REDIRECT = 'http://127.0.0.1:9/callback';

/** An OAuth client as an interactive MCP client keeps it: in memory, the "browser" being the test itself. */
class MemoryProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Test MCP client',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe('OAuth for the tool server: the SDK client signs a user in with PKCE, and the paste-based fallback', () => {
  let h: McpHarness;
  let identity: Server;
  let identityUrl: string;
  let keys: Awaited<ReturnType<typeof tempSigningKey>>;
  let appPassword: { clientId: string; secret: string };
  let readOnly: { clientId: string; secret: string };

  /** The user's part: open the consent page, sign in with an app password, and decide. */
  async function consent(url: URL, who: { clientId: string; secret: string }, decision = 'allow'): Promise<Response> {
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('app password');
    expect(html).not.toMatch(/name="password"/);
    const form = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      form.set(name!, value!.replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
    form.set('app_password_client_id', who.clientId);
    form.set('app_password_secret', who.secret);
    form.set('decision', decision);
    // The browser sends back the cookie the page set (the form is bound to it: consent-binding.ts).
    const cookie = page.headers.get('set-cookie')!.split(';')[0]!;
    return fetch(url, { method: 'POST', body: form, headers: { Cookie: cookie }, redirect: 'manual' });
  }

  beforeAll(async () => {
    keys = await tempSigningKey();
    identity = createServer();
    await new Promise<void>((resolve) => identity.listen(0, '127.0.0.1', resolve));
    identityUrl = `http://127.0.0.1:${(identity.address() as AddressInfo).port}`;
    h = await startMcpServer({ trust: { issuer: identityUrl, signingKey: keys.signingKey } });
    identity.on(
      'request',
      identityApp(
        { db: h.t.db, redis: h.r.redis, signingKey: keys.signingKey },
        { issuer: identityUrl, resources: [h.resourceUrl] },
      ),
    );
    await insertTenant(h.t.db, 'oauth-shop');
    const rw = await createAppPassword(h.t.db, {
      tenantCode: 'oauth-shop',
      email: 'owner@shop.test',
      name: 'mcp',
      access: 'read-write',
      permissions: [],
    });
    appPassword = { clientId: rw.password.clientId, secret: rw.clientSecret };
    const ro = await createAppPassword(h.t.db, {
      tenantCode: 'oauth-shop',
      email: 'viewer@shop.test',
      name: 'mcp',
      access: 'read-only',
      permissions: [],
    });
    readOnly = { clientId: ro.password.clientId, secret: ro.clientSecret };
  });
  afterAll(async () => {
    identity.closeAllConnections();
    await new Promise<void>((resolve) => identity.close(() => resolve()));
    await h.close();
    await keys.cleanup();
  });

  it('completes discovery, registration, consent, code exchange with PKCE, and then calls tools', async () => {
    const provider = new MemoryProvider();
    const first = new StreamableHTTPClientTransport(new URL(h.resourceUrl), { authProvider: provider });
    await expect(new Client({ name: 't', version: '1' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    const url = provider.authorizationUrl!;
    expect(url.origin + url.pathname).toBe(`${identityUrl}/oauth/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(h.resourceUrl);

    const wrong = await consent(url, { clientId: appPassword.clientId, secret: 'aisle_sk_wrong' });
    expect(wrong.status).toBe(401);
    const answer = await consent(url, appPassword);
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('iss')).toBe(identityUrl);
    const code = back.searchParams.get('code')!;

    await first.finishAuth(code);
    expect(provider.saved?.access_token).toEqual(expect.any(String));
    const claims = JSON.parse(Buffer.from(provider.saved!.access_token.split('.')[1]!, 'base64url').toString()) as {
      aud: string;
      scope: string;
    };
    expect(claims).toMatchObject({ aud: h.resourceUrl, scope: 'read write' });

    const client = new Client({ name: 't', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(h.resourceUrl), { authProvider: provider }));
    const created = await callTool(client, 'save_storefront_site', {
      code: 'oauth',
      name: 'OAuth shop',
      ecomSiteId: 1,
      devOrigins: [],
    });
    expect(created.isError).toBeFalsy();
    await client.close();

    // The code was used once: a replay is refused.
    const replay = await fetch(`${identityUrl}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: provider.info!.client_id,
        code_verifier: provider.verifier,
      }),
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong verifier, a missing challenge, an unknown resource, and passes a denial back', async () => {
    const register = await fetch(`${identityUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'Manual', redirect_uris: [REDIRECT] }),
    });
    expect(register.status).toBe(201);
    const { client_id: clientId } = (await register.json()) as { client_id: string };
    const verifier = 'v'.repeat(50);
    const authorize = (extra: Record<string, string>) => {
      const url = new URL(`${identityUrl}/oauth/authorize`);
      const params = {
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT,
        state: 's1',
        code_challenge: s256(verifier),
        code_challenge_method: 'S256',
        resource: h.resourceUrl,
        ...extra,
      };
      for (const [k, v] of Object.entries(params)) if (v !== '') url.searchParams.set(k, v);
      return url;
    };
    for (const [extra, error] of [
      [{ code_challenge: '' }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ resource: 'https://elsewhere.example/mcp' }, 'invalid_target'],
    ] as const) {
      const res = await fetch(authorize(extra), { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe(error);
    }
    expect((await fetch(authorize({ redirect_uri: 'http://127.0.0.1:9/other' }))).status).toBe(400);
    const denied = await consent(authorize({}), appPassword, 'deny');
    expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe('access_denied');

    const allowed = await consent(authorize({}), readOnly);
    const code = new URL(allowed.headers.get('location')!).searchParams.get('code')!;
    const exchange = (v: string) =>
      fetch(`${identityUrl}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          client_id: clientId,
          code_verifier: v,
        }),
      });
    const bad = await exchange('w'.repeat(50));
    expect(await bad.json()).toMatchObject({ error: 'invalid_grant' });
    // A failed exchange used the code up too (single use, whatever the outcome).
    expect(await (await exchange(verifier)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('signs a read-only app password in read-only, whatever scope the client asked for', async () => {
    const provider = new MemoryProvider();
    const transport = new StreamableHTTPClientTransport(new URL(h.resourceUrl), { authProvider: provider });
    await expect(new Client({ name: 't', version: '1' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl!.searchParams.get('scope')).toContain('write');
    const answer = await consent(provider.authorizationUrl!, readOnly);
    await transport.finishAuth(new URL(answer.headers.get('location')!).searchParams.get('code')!);
    expect(provider.saved?.scope).toBe('read');
    const client = new Client({ name: 't', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(h.resourceUrl), { authProvider: provider }));
    const refused = await callTool(client, 'save_storefront_site', {
      code: 'ro',
      name: 'RO',
      ecomSiteId: 1,
      devOrigins: [],
    });
    expect(textOf(refused)).toMatch(/read-only/);
    await client.close();
  });

  it('the paste-based fallback: a client-credentials token asked for the tool server works there and not at REST', async () => {
    const token = async (resource?: string) =>
      fetch(`${identityUrl}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: appPassword.clientId,
          client_secret: appPassword.secret,
          ...(resource ? { resource } : {}),
        }),
      });
    expect(await (await token('https://elsewhere.example/mcp')).json()).toMatchObject({ error: 'invalid_target' });
    const { access_token: mcpToken } = (await (await token(h.resourceUrl)).json()) as { access_token: string };
    const client = await h.connect(mcpToken);
    expect((await callTool(client, 'list_instances')).isError).toBeFalsy();
    expect(
      (await fetch(`${h.baseUrl}/api/v1/customers`, { headers: { Authorization: `Bearer ${mcpToken}` } })).status,
    ).toBe(401);
    const { access_token: restToken } = (await (await token()).json()) as { access_token: string };
    expect(
      (await fetch(h.resourceUrl, { method: 'POST', headers: { Authorization: `Bearer ${restToken}` } })).status,
    ).toBe(401);
  });
});
