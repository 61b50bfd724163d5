import { request as httpRequest } from 'node:http';
import { generateKeyPair, SignJWT } from 'jose';
import { insertTenant, TEST_AUDIENCE, TEST_ISSUER } from '../../../../support/identity';
import { callTool, startMcpServer, textOf, type McpHarness } from '../../../../support/mcp-server';

const MCP_HEADERS = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
const toolCall = (id: number, name = 'list_instances') => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {} },
});

describe('the tool server: OAuth resource rules, Origin and call rate', () => {
  let h: McpHarness;
  let tenantId: number;

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(h.resourceUrl, { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body: JSON.stringify(body) });

  beforeAll(async () => {
    h = await startMcpServer({ callsPerMinute: 3, allowedOrigins: ['https://inspector.example'] });
    tenantId = await insertTenant(h.t.db, 'mcp-auth');
  });
  afterAll(() => h.close());

  it('answers 401 naming the protected-resource metadata, whose resource is this server', async () => {
    const res = await post(toolCall(1));
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate') ?? '';
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(metadataUrl).toBe(`${h.baseUrl}/.well-known/oauth-protected-resource/mcp`);
    expect(await res.json()).toMatchObject({ code: 'unauthorized' });
    for (const url of [metadataUrl ?? '', `${h.baseUrl}/.well-known/oauth-protected-resource`]) {
      const metadata = (await (await fetch(url)).json()) as { resource: string; authorization_servers: string[] };
      expect(metadata).toMatchObject({
        resource: h.resourceUrl,
        authorization_servers: [TEST_ISSUER],
        bearer_methods_supported: ['header'],
      });
    }
  });

  it('refuses a REST-only audience, an expired token, alg=none and a bad signature, each with 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iid: tenantId,
      scope: 'read write',
      sub: '1',
      iss: TEST_ISSUER,
      aud: h.resourceUrl,
      exp: now + 600,
    };
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const other = await generateKeyPair('ES256');
    const tokens = {
      restOnly: await h.token(tenantId, { audience: TEST_AUDIENCE }),
      expired: await h.token(tenantId, { expiresAt: now - 3600 }),
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      badSignature: await new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(other.privateKey),
    };
    for (const [kind, token] of Object.entries(tokens)) {
      const res = await post(toolCall(1), { Authorization: `Bearer ${token}` });
      expect({ kind, status: res.status }).toEqual({ kind, status: 401 });
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata=".+", error="invalid_token"$/);
    }
    // The same user's token for the tool server is accepted, and one with both audiences too.
    for (const audience of [h.resourceUrl, [TEST_AUDIENCE, h.resourceUrl]]) {
      const res = await post(toolCall(1), {
        Authorization: `Bearer ${await h.token(tenantId, { audience, userId: 'aud-check' })}`,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        id: 1,
        result: { structuredContent: { instances: [{ instanceId: tenantId, code: 'mcp-auth', isDefault: true }] } },
      });
    }
  });

  it('refuses a tool-server token at the REST API (its audience is the tool server)', async () => {
    const res = await fetch(`${h.baseUrl}/api/v1/customers`, {
      headers: { Authorization: `Bearer ${await h.token(tenantId)}` },
    });
    expect(res.status).toBe(401);
  });

  it('lets a read-only token read but refuses it every write tool, saying why', async () => {
    const client = await h.connect(await h.token(tenantId, { access: 'read-only', userId: 'reader' }));
    expect((await callTool(client, 'list_storefront_sites')).isError).toBeFalsy();
    const refused = await callTool(client, 'save_storefront_site', {
      code: 'ro',
      name: 'RO',
      ecomSiteId: 1,
      devOrigins: [],
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/read-only/);
    expect(await h.t.db('storefront_sites').where({ tenant_id: tenantId }).count<{ count: string }[]>()).toEqual([
      { count: '0' },
    ]);
  });

  it('refuses a foreign Origin with 403 and accepts a listed or absent one', async () => {
    const auth = { Authorization: `Bearer ${await h.token(tenantId, { userId: 'origin-check' })}` };
    expect((await post(toolCall(1), { ...auth, Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(toolCall(1), { ...auth, Origin: 'https://inspector.example' })).status).toBe(200);
    expect((await post(toolCall(2), auth)).status).toBe(200);
    // A listed browser origin gets its CORS preflight answered, without a token; a foreign one does not.
    const preflight = (origin: string) =>
      fetch(h.resourceUrl, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
    const allowed = await preflight('https://inspector.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://inspector.example');
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect((await preflight('https://evil.example')).status).toBe(403);
  });

  it('on loopback, accepts Host and Origin naming localhost, 127.0.0.1 or [::1] on any port, and refuses every other name', async () => {
    const { port } = new URL(h.resourceUrl);
    let caller = 0;
    // node:http sends the Host given (fetch does not let a caller set it).
    const withHost = async (host: string, origin?: string) => {
      // A caller of its own each time: this file's call rate is 3 a minute.
      const auth = { Authorization: `Bearer ${await h.token(tenantId, { userId: `rebinding-${++caller}` })}` };
      return new Promise<number>((resolve, reject) => {
        const body = JSON.stringify(toolCall(1));
        const req = httpRequest(
          h.resourceUrl,
          {
            method: 'POST',
            headers: {
              ...auth,
              Host: host,
              ...(origin && { Origin: origin }),
              'Content-Type': 'application/json',
              Accept: 'application/json, text/event-stream',
              'Content-Length': Buffer.byteLength(body),
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    };
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost'])
      expect([host, await withHost(host)]).toEqual([host, 200]);
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1.evil.example:${port}`,
      'localhost.evil.example',
    ])
      expect([host, await withHost(host)]).toEqual([host, 403]);
    for (const origin of ['http://localhost:3001', 'http://127.0.0.1:6274', 'http://[::1]:9', 'https://localhost'])
      expect([origin, await withHost(`127.0.0.1:${port}`, origin)]).toEqual([origin, 200]);
    for (const origin of ['http://evil.example', 'http://localhost.evil.example:3001', 'null'])
      expect([origin, await withHost(`127.0.0.1:${port}`, origin)]).toEqual([origin, 403]);
  });

  it('honours the protocol-version header and takes POST only', async () => {
    const auth = { Authorization: `Bearer ${await h.token(tenantId, { userId: 'version-check' })}` };
    expect((await post(toolCall(1), { ...auth, 'MCP-Protocol-Version': '1999-01-01' })).status).toBe(400);
    expect((await post(toolCall(1), { ...auth, 'MCP-Protocol-Version': '2025-11-25' })).status).toBe(200);
    const get = await fetch(h.resourceUrl, { headers: { ...auth, Accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('allows 3 tool calls per minute per user here (60 in production), then 429 with Retry-After', async () => {
    const auth = { Authorization: `Bearer ${await h.token(tenantId, { userId: 'busy' })}` };
    for (let i = 0; i < 3; i++) expect((await post(toolCall(i), auth)).status).toBe(200);
    // Listing tools is not a tool call: it stays allowed.
    expect((await post({ jsonrpc: '2.0', id: 9, method: 'tools/list' }, auth)).status).toBe(200);
    const limited = await post(toolCall(4), auth);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
    // The budget is per user: another user of the same tenant still calls.
    const other = { Authorization: `Bearer ${await h.token(tenantId, { userId: 'calm' })}` };
    expect((await post(toolCall(5), other)).status).toBe(200);
  });
});
