import fc from 'fast-check';
import request from 'supertest';
import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_TIMEOUT_MS, seedSmallTenant } from '../../../../support/business-data';
import { bodyText, hostileBody, hostileId, hostileQuery } from '../../../../support/hostile-input';
import { createResponseValidator } from '../../../../support/openapi-conformance';

// Spec: Errors. Whatever a client sends, the answer is never a server fault, and every refusal is in the
// documented format (the OpenAPI document says which body each status carries on each route).

type Schema = { $ref?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
type Operation = { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
type Method = 'get' | 'post' | 'patch' | 'delete';

/** Every property name reachable from a schema, through references, items and combinators. */
function fieldNames(document: Document, schema: Schema | undefined, seen = new Set<Schema>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const ref = schema.$ref?.replace('#/components/schemas/', '');
  const children = [
    ref === undefined ? undefined : document.components?.schemas?.[ref],
    schema.items,
    ...Object.values(schema.properties ?? {}),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];
  return [...Object.keys(schema.properties ?? {}), ...children.flatMap((child) => fieldNames(document, child, seen))];
}

const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);

describe('hostile input on every business-api route', () => {
  let h: BusinessApiHarness;
  let token: string;
  let conforms: ReturnType<typeof createResponseValidator>;

  beforeAll(async () => {
    h = await startBusinessApi();
    token = await h.token(await seedSmallTenant(h.t.db, 'hostile', 7));
    conforms = createResponseValidator(h.document);
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const operations = (): { method: Method; template: string; op: Operation }[] => {
    const document = h.document as unknown as Document;
    return Object.entries(document.paths).flatMap(([template, item]) =>
      Object.entries(item).map(([method, op]) => ({ method: method as Method, template, op })),
    );
  };

  /** Sends the request; a 5xx or an answer outside the document fails the property with both in the message. */
  async function expectConforming(method: Method, path: string, body: string | undefined): Promise<void> {
    let req = request(h.app)[method](`/api/v1${path}`).set('Authorization', `Bearer ${token}`);
    if (body !== undefined) req = req.set('Content-Type', 'application/json').send(body);
    const res = await req;
    const what = `${method.toUpperCase()} ${path.slice(0, 300)} ${body === undefined ? '' : body.slice(0, 300)} -> ${res.status} ${res.text.slice(0, 300)}`;
    if (res.status >= 500) throw new Error(`server fault: ${what}`);
    const problems = conforms(method, path, res.status, res.headers['content-type'], res.body);
    if (problems.length) throw new Error(`not in the documented format (${problems.join('; ')}): ${what}`);
  }

  it('answers hostile query keys and values without a 5xx, in the documented format', async () => {
    for (const { method, template, op } of operations()) {
      const known = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const body = op.requestBody ? '{}' : undefined;
      const ids = fc.array(hostileId(), { minLength: 3, maxLength: 3 });
      await fc.assert(
        fc.asyncProperty(ids, hostileQuery(known), (id, query) => {
          let n = 0;
          const path = template.replace(/\{[^}]+\}/g, () => id[n++] ?? '1');
          return expectConforming(method, `${path}?${query}`, body);
        }),
        { numRuns: RUNS },
      );
    }
  }, 120_000);

  it('answers hostile JSON bodies (deep nesting, prototype keys, NUL, huge numbers) without a 5xx, in the documented format', async () => {
    const document = h.document as unknown as Document;
    const writes = operations().filter(({ op }) => op.requestBody);
    expect(writes.length).toBeGreaterThan(0);
    for (const { method, template, op } of writes) {
      const path = template.replace(/\{[^}]+\}/g, '1');
      const known = [...new Set(fieldNames(document, op.requestBody?.content?.['application/json']?.schema))];
      await fc.assert(fc.asyncProperty(hostileBody(known), (body) => expectConforming(method, path, bodyText(body))), { numRuns: RUNS });
    }
  }, 120_000);
});
