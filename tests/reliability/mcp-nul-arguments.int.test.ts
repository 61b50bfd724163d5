import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { seedSmallTenant, SEED_TIMEOUT_MS } from '../support/business-data';
import { callTool, startMcpServer, textOf, type McpHarness } from '../support/mcp-server';
import { dottedPathOf, stringFieldPaths, valueWith, type FieldPath, type JsonSchema } from '../support/request-fields';
import { tenantFingerprint } from '../support/tenant-fingerprint';

// Proves: a NUL (U+0000) in any string argument of any MCP tool, nested ones included, is a tool error that names
// the argument (as the REST twins name the field), never "failed on the server", and nothing of the tenant
// changes. The tools and their arguments are read from the server's tools/list, so a new tool is covered.

type Tool = { name: string; inputSchema: JsonSchema };
type Case = { tool: string; path: FieldPath; args: Record<string, unknown> };

const NUL = 'a\u0000b';

describe('a NUL in any string argument of any MCP tool', () => {
  let h: McpHarness;
  let client: Client;
  let tenantId: number;
  let tools: Tool[];

  beforeAll(async () => {
    h = await startMcpServer();
    tenantId = await seedSmallTenant(h.t.db, 'mcp-nul', 13);
    client = await h.connect(await h.token(tenantId));
    tools = (await client.listTools()).tools as Tool[];
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  /** A `...Json` argument (JSON text or the value itself): a union of a string and an object. */
  const isJsonText = (schema: JsonSchema) => ['string', 'object'].every((type) => (schema.anyOf ?? []).some((branch) => branch.type === type));

  /**
   * One case per string argument: it holds a NUL, every other required argument a plain valid value; and one per
   * `...Json` argument whose JSON text holds a NUL inside (`{"field": "a\\u0000b"}`), which only parsing reveals.
   */
  const cases = (): Case[] =>
    tools.flatMap(({ name, inputSchema }) => [
      ...stringFieldPaths(inputSchema, inputSchema).map((path) => ({ tool: name, path, args: valueWith(inputSchema, inputSchema, path, NUL) as Record<string, unknown> })),
      ...Object.entries(inputSchema.properties ?? {})
        .filter(([, schema]) => isJsonText(schema))
        .map(([arg]) => ({ tool: name, path: [arg, 'field'], args: valueWith(inputSchema, inputSchema, [arg], JSON.stringify({ field: NUL })) as Record<string, unknown> })),
    ]);

  /** What is wrong with the tool's answer: nothing when it is a tool error naming the argument. */
  async function problemsOf({ tool, path, args }: Case): Promise<string[]> {
    const result = await callTool(client, tool, args);
    const text = textOf(result);
    const what = `${tool} ${dottedPathOf(path)} ${JSON.stringify(args).slice(0, 200)} -> ${result.isError ? 'error' : 'ok'} ${text.slice(0, 300)}`;
    if (!result.isError) return [`accepted: ${what}`];
    if (/failed on the server/.test(text)) return [`server fault: ${what}`];
    // The tool's own check names the whole path (`lines[0].description`); the SDK's schema check lists the path's steps.
    const named = path.filter((step): step is string => step !== 0).every((step) => text.includes(step));
    return named ? [] : [`does not name ${dottedPathOf(path)}: ${what}`];
  }

  it('covers every string argument of every tool the server lists', () => {
    expect(tools.length).toBeGreaterThanOrEqual(20);
    expect(cases().map((c) => `${c.tool} ${dottedPathOf(c.path)}`)).toEqual(expect.arrayContaining(['list_customers q', 'list_sales_orders email', 'find_product q']));
  });

  it('answers each with a tool error naming the argument, and changes nothing', async () => {
    const before = await tenantFingerprint(h.t.db, tenantId);
    const all = cases();
    const problems: string[] = [];
    for (let i = 0; i < all.length; i += 10) problems.push(...(await Promise.all(all.slice(i, i + 10).map(problemsOf))).flat());
    expect(problems).toEqual([]);
    expect(await tenantFingerprint(h.t.db, tenantId)).toEqual(before);
  }, 60_000);
});
