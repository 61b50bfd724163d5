import request from 'supertest';
import { startBusinessApi, type BusinessApiHarness } from '../support/business-api';
import { SEED_TIMEOUT_MS, seedSmallTenant } from '../support/business-data';
import { createResponseValidator } from '../support/openapi-conformance';
import { jsonPathOf, minimalValue, stringFieldPaths, valueWith, type JsonSchema } from '../support/request-fields';
import { documentedOperations, type HttpMethod } from '../support/route-inventory';
import { tenantFingerprint } from '../support/tenant-fingerprint';

// Proves: a NUL (U+0000, which PostgreSQL text cannot hold) in any query parameter or any string member of any
// request body of the business API is a 400 binding problem naming that parameter or member (decisions: "A string
// holding U+0000 anywhere in the query or body is a binding problem"), in the documented format, never a 5xx, and
// nothing of the tenant changes. The parameters and members are read from the served OpenAPI document, so a new
// one is covered without editing this file.

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type Case = { method: HttpMethod; path: string; names: string; query?: Record<string, unknown>; body?: unknown };

const NUL = 'a\u0000b';

describe('a NUL in any business-api query parameter or body member', () => {
  let h: BusinessApiHarness;
  let token: string;
  let tenantId: number;
  let conforms: ReturnType<typeof createResponseValidator>;

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantId = await seedSmallTenant(h.t.db, 'nul-fields', 11);
    token = await h.token(tenantId);
    conforms = createResponseValidator(h.document);
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const operations = () => documentedOperations<Operation>(h.document as unknown as { paths: Record<string, Record<string, Operation>> }, '');
  const pathOf = (template: string) => template.replace(/\{[^}]+\}/g, '1');
  /** The operation's required query parameters, each with a plain valid value. */
  const requiredQuery = (op: Operation) =>
    Object.fromEntries((op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => [p.name, minimalValue(h.document, p.schema ?? {})]));

  /** One case per query parameter of every operation: the parameter holds a NUL, the required others plain values. */
  function queryCases(): Case[] {
    return operations().flatMap(({ method, template, op }) => {
      const body = op.requestBody?.content?.['application/json']?.schema;
      return (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ method, path: pathOf(template), names: p.name, query: { ...requiredQuery(op), [p.name]: NUL }, body: body && minimalValue(h.document, body) }));
    });
  }

  /** One case per string member of every request body: that member holds a NUL, the rest of the body is plain. */
  function bodyCases(): Case[] {
    return operations().flatMap(({ method, template, op }) => {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if (schema === undefined) return [];
      return stringFieldPaths(h.document, schema).map((path) => ({ method, path: pathOf(template), names: jsonPathOf(path), query: requiredQuery(op), body: valueWith(h.document, schema, path, NUL) }));
    });
  }

  /** Sends the case; returns what is wrong with the answer (nothing when it is the documented 400 naming the field). */
  async function problemsOf({ method, path, names, query, body }: Case): Promise<string[]> {
    let req = request(h.app)[method](`/api/v1${path}`).set('Authorization', `Bearer ${token}`);
    if (query !== undefined) req = req.query(query as Record<string, string>);
    const res = await (body === undefined ? req : req.send(body as object));
    const what = `${method.toUpperCase()} ${path} ${names} -> ${res.status} ${res.text.slice(0, 300)}`;
    const errors = (res.body as { errors?: Record<string, unknown> }).errors ?? {};
    const problems = conforms(method, path, res.status, res.headers['content-type'], res.body).map((p) => `${p}: ${what}`);
    if (res.status !== 400) problems.push(`not 400: ${what}`);
    else if (!Object.hasOwn(errors, names)) problems.push(`400 without naming ${names}: ${what}`);
    return problems;
  }

  async function run(cases: Case[]): Promise<string[]> {
    const problems: string[] = [];
    // Batches of 10: fast, and small enough that the pool and rate limits never shape the answers.
    for (let i = 0; i < cases.length; i += 10) problems.push(...(await Promise.all(cases.slice(i, i + 10).map(problemsOf))).flat());
    return problems;
  }

  it('covers every query parameter and every string body member the document lists', () => {
    expect(queryCases().length).toBeGreaterThanOrEqual(60);
    expect(bodyCases().length).toBeGreaterThanOrEqual(40);
    expect(bodyCases().map((c) => c.names)).toEqual(expect.arrayContaining(['$.lines[0].description', '$.name']));
  });

  it('answers each with a 400 binding problem naming it, and changes nothing', async () => {
    const before = await tenantFingerprint(h.t.db, tenantId);
    const problems = await run([...queryCases(), ...bodyCases()]);
    expect(problems).toEqual([]);
    expect(await tenantFingerprint(h.t.db, tenantId)).toEqual(before);
  }, 60_000);
});
