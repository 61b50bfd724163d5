import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { SEED_TIMEOUT_MS, seedSmallTenant } from '../support/business-data';
import { TEST_AUDIENCE } from '../support/identity';
import { callTool, startMcpServer, textOf, type McpHarness } from '../support/mcp-server';
import { createResponseValidator, type OpenApiDocument } from '../support/openapi-conformance';
import {
  dottedPathOf,
  jsonPathOf,
  minimalValue,
  stringFieldPaths,
  valueWith,
  type FieldPath,
  type JsonSchema,
} from '../support/request-fields';
import { documentedOperations, type HttpMethod } from '../support/route-inventory';
import { tenantFingerprint } from '../support/tenant-fingerprint';

// Proves: a NUL (U+0000, which PostgreSQL text cannot hold) anywhere a client of the business API writes text is
// refused, never a 5xx, and nothing of the tenant changes:
// - in any query parameter or string body member of REST: a 400 binding problem naming it (decisions: "A string
//   holding U+0000 anywhere in the query or body is a binding problem"), in the documented format;
// - in any string argument of any MCP tool, nested ones and the text of `...Json` arguments included: a tool error
//   naming the argument, as the REST twins name the field (issue 26 item 17), never "failed on the server".
// Parameters and members are read from the served OpenAPI document, tools and arguments from tools/list, so a new
// one is covered without editing this file. One server answers both (the tool server is mounted beside REST).

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type RestCase = { method: HttpMethod; path: string; names: string; query?: Record<string, unknown>; body?: unknown };
type ToolCase = { tool: string; path: FieldPath; args: Record<string, unknown> };

const NUL = 'a\u0000b';

/** Runs the checks ten at a time (fast, and clear of the pool and rate limits), gathering what is wrong. */
async function inBatches<C>(cases: C[], check: (c: C) => Promise<string[]>): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < cases.length; i += 10)
    problems.push(...(await Promise.all(cases.slice(i, i + 10).map(check))).flat());
  return problems;
}

describe('a NUL in any business-api query parameter, body member or tool argument', () => {
  let h: McpHarness;
  let tenantId: number;
  let token: string;
  let document: OpenApiDocument;
  let conforms: ReturnType<typeof createResponseValidator>;
  let client: Client;
  let tools: { name: string; inputSchema: JsonSchema }[];

  beforeAll(async () => {
    h = await startMcpServer();
    tenantId = await seedSmallTenant(h.t.db, 'nul-fields', 11);
    token = await h.token(tenantId, { audience: TEST_AUDIENCE });
    document = (await request(h.baseUrl).get('/api/v1/openapi.json')).body as OpenApiDocument;
    conforms = createResponseValidator(document);
    client = await h.connect(await h.token(tenantId));
    tools = (await client.listTools()).tools as typeof tools;
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const operations = () =>
    documentedOperations<Operation>(document as unknown as { paths: Record<string, Record<string, Operation>> });
  const pathOf = (template: string) => template.replace(/\{[^}]+\}/g, '1');
  const bodySchema = (op: Operation) => op.requestBody?.content?.['application/json']?.schema;
  /** The operation's required query parameters, each with a plain valid value. */
  const requiredQuery = (op: Operation) =>
    Object.fromEntries(
      (op.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => [p.name, minimalValue(document, p.schema ?? {})]),
    );

  /** One case per query parameter (a NUL in it, the required others plain) and per string body member (likewise). */
  function restCases(): RestCase[] {
    return operations().flatMap(({ method, template, op }) => {
      const schema = bodySchema(op);
      const plainBody = schema && minimalValue(document, schema);
      return [
        ...(op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({
            method,
            path: pathOf(template),
            names: p.name,
            query: { ...requiredQuery(op), [p.name]: NUL },
            body: plainBody,
          })),
        ...(schema === undefined ? [] : stringFieldPaths(document, schema)).map((path) => ({
          method,
          path: pathOf(template),
          names: jsonPathOf(path),
          query: requiredQuery(op),
          body: valueWith(document, schema ?? {}, path, NUL),
        })),
      ];
    });
  }

  /** What is wrong with the REST answer: nothing when it is the documented 400 naming the field. */
  async function restProblems({ method, path, names, query, body }: RestCase): Promise<string[]> {
    let req = request(h.baseUrl)[method](`/api/v1${path}`).set('Authorization', `Bearer ${token}`);
    if (query !== undefined) req = req.query(query as Record<string, string>);
    const res = await (body === undefined ? req : req.send(body as object));
    const what = `${method.toUpperCase()} ${path} ${names} -> ${res.status} ${res.text.slice(0, 300)}`;
    const problems = conforms(method, path, res.status, res.headers['content-type'], res.body).map(
      (p) => `${p}: ${what}`,
    );
    if (res.status !== 400) problems.push(`not 400: ${what}`);
    else if (!Object.hasOwn((res.body as { errors?: object }).errors ?? {}, names))
      problems.push(`400 without naming ${names}: ${what}`);
    return problems;
  }

  /** A `...Json` argument (JSON text or the value itself): a union of a string and an object. */
  const isJsonText = (schema: JsonSchema) =>
    ['string', 'object'].every((type) => (schema.anyOf ?? []).some((branch) => branch.type === type));

  /** One case per string argument, every other required one plain; and one per `...Json` argument's text with a NUL inside. */
  const toolCases = (): ToolCase[] =>
    tools.flatMap(({ name, inputSchema: schema }) => [
      ...stringFieldPaths(schema, schema).map((path) => ({
        tool: name,
        path,
        args: valueWith(schema, schema, path, NUL) as Record<string, unknown>,
      })),
      ...Object.entries(schema.properties ?? {})
        .filter(([, argument]) => isJsonText(argument))
        .map(([arg]) => ({
          tool: name,
          path: [arg, 'field'],
          args: valueWith(schema, schema, [arg], JSON.stringify({ field: NUL })) as Record<string, unknown>,
        })),
    ]);

  /** What is wrong with the tool's answer: nothing when it is a tool error naming the argument. */
  async function toolProblems({ tool, path, args }: ToolCase): Promise<string[]> {
    const result = await callTool(client, tool, args);
    const text = textOf(result);
    const what = `${tool} ${dottedPathOf(path)} ${JSON.stringify(args).slice(0, 200)} -> ${result.isError ? 'error' : 'ok'} ${text.slice(0, 300)}`;
    if (!result.isError) return [`accepted: ${what}`];
    if (/failed on the server/.test(text)) return [`server fault: ${what}`];
    // The tool's own check names the whole path (`lines[0].description`); the SDK's schema check names its steps.
    return path.every((step) => step === 0 || text.includes(step))
      ? []
      : [`does not name ${dottedPathOf(path)}: ${what}`];
  }

  it('covers every query parameter, string body member and tool argument the server lists', () => {
    expect(restCases().length).toBeGreaterThanOrEqual(190);
    expect(restCases().map((c) => c.names)).toEqual(
      expect.arrayContaining(['q', 'cursor', '$.lines[0].description', '$.entries[0].terms[0]']),
    );
    expect(tools.length).toBeGreaterThanOrEqual(20);
    expect(toolCases().map((c) => `${c.tool} ${dottedPathOf(c.path)}`)).toEqual(
      expect.arrayContaining([
        'list_customers q',
        'list_sales_orders email',
        'save_storefront_facet_config definitionJson.field',
      ]),
    );
  });

  it('answers each on REST with a 400 binding problem naming it, and changes nothing', async () => {
    const before = await tenantFingerprint(h.t.db, tenantId);
    expect(await inBatches(restCases(), restProblems)).toEqual([]);
    expect(await tenantFingerprint(h.t.db, tenantId)).toEqual(before);
  }, 60_000);

  it('answers each tool call with a tool error naming the argument, and changes nothing', async () => {
    const before = await tenantFingerprint(h.t.db, tenantId);
    expect(await inBatches(toolCases(), toolProblems)).toEqual([]);
    expect(await tenantFingerprint(h.t.db, tenantId)).toEqual(before);
  }, 60_000);
});
