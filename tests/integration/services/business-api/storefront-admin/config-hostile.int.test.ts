import fc from 'fast-check';
import request from 'supertest';
import { SEED_TIMEOUT_MS } from '../../../../support/business-data';
import { bodyText, hostileBody, hostileId } from '../../../../support/hostile-input';
import { createResponseValidator } from '../../../../support/openapi-conformance';
import {
  fieldNames,
  requestSchema,
  type SchemaDocument,
  type SchemaOperation,
} from '../../../../support/openapi-schemas';
import { documentedOperations } from '../../../../support/route-inventory';
import { seedAdminDraft, startAdminWorld, type AdminWorld } from '../../../../support/storefront-admin-fixture';

// Hostile bodies and path segments on the storefront admin configuration routes of a site that exists, with a full
// draft: the reliability suite's fuzzing addresses site 1, which its tenant does not have, so its bodies stop at
// binding or at the 404. Here they reach the service functions: never a 5xx, every answer in the documented format.

const RUNS = Number(process.env.HOSTILE_RUNS ?? 25);
const CONFIG_PATHS =
  /^\/storefront\/sites(\/\{siteId\}(\/(markets|facets|collections|query-rules|synonyms)(\/\{[a-zA-Z]+\})?)?)?$/;

describe('hostile input on the storefront admin configuration routes of an existing site', () => {
  let w: AdminWorld;
  let site: number;
  let conforms: ReturnType<typeof createResponseValidator>;
  const operations = () =>
    documentedOperations<SchemaOperation>(w.h.document as SchemaDocument).filter(
      (o) => CONFIG_PATHS.test(o.template) && o.method !== 'delete',
    );

  beforeAll(async () => {
    w = await startAdminWorld('admin-hostile');
    site = (
      await w.h.call('post', '/storefront/sites', {
        token: w.tokens.owner,
        body: { code: 'hostile', name: 'Hostile', ecomSiteId: 1 },
      })
    ).body.siteId;
    await seedAdminDraft(w.h.t.db, w.tenantA, site);
    conforms = createResponseValidator(w.h.document);
  }, SEED_TIMEOUT_MS);
  afterAll(() => w.h.close());

  /** The concrete path: the site, then the seeded entity (or the hostile segment when given). */
  const pathOf = (template: string, segment?: string) =>
    template
      .replace('{siteId}', String(site))
      .replace(
        /\{(code|key|collectionId|ruleId|language)\}/,
        (_m, name: string) => segment ?? { code: 'se', key: 'brand', language: 'en' }[name] ?? '1',
      );

  async function expectConforming(method: string, path: string, body: string | undefined): Promise<void> {
    let req = request(w.h.app)[method as 'get'](`/api/v1${path}`).set('Authorization', `Bearer ${w.tokens.owner}`);
    if (body !== undefined) req = req.set('Content-Type', 'application/json').send(body);
    const res = await req;
    const what = `${method.toUpperCase()} ${path.slice(0, 200)} ${body?.slice(0, 300) ?? ''} -> ${res.status} ${res.text.slice(0, 300)}`;
    if (res.status >= 500) throw new Error(`server fault: ${what}`);
    const problems = conforms(method, path, res.status, res.headers['content-type'], res.body);
    if (problems.length) throw new Error(`not in the documented format (${problems.join('; ')}): ${what}`);
  }

  it('covers every configuration write that takes a body', () => {
    expect(operations().filter((o) => o.op.requestBody).length).toBe(9);
  });

  it('answers hostile JSON bodies without a 5xx, in the documented format', async () => {
    for (const { method, template, op } of operations().filter((o) => o.op.requestBody)) {
      const known = fieldNames(w.h.document as SchemaDocument, requestSchema(op));
      await fc.assert(
        fc.asyncProperty(hostileBody(known), (body) => expectConforming(method, pathOf(template), bodyText(body))),
        { numRuns: RUNS },
      );
    }
  }, 120_000);

  it('stores names every object has (constructor, toString) as plain values, drops a __proto__ key, and refuses them as facet keys', async () => {
    const put = (path: string, body: unknown) =>
      w.h.call('put', `${pathOf('/storefront/sites/{siteId}')}${path}`, { token: w.tokens.owner, body });
    const swatch = await put('/facets/colour', {
      source: { kind: 'option', option: 'Colour' },
      type: 'swatch',
      swatches: { constructor: { color: 'red' }, toString: { color: 'blue' } },
    });
    expect([swatch.status, swatch.body.key, Object.keys(swatch.body.definition.swatches).sort()]).toEqual([
      200,
      'colour',
      ['constructor', 'toString'],
    ]);
    const label = await put(
      '/facets/colour',
      JSON.parse('{"source":{"kind":"brand"},"type":"list","label":{"__proto__":"x"}}'),
    );
    // zod never copies a __proto__ key (it would set the prototype): it is left out, not stored.
    expect([label.status, label.body.definition.label]).toEqual([200, {}]);
    // One rule for every name an object already has: not a facet key, whether it comes in the path or a filter.
    const named = await put('/facets/constructor', { source: { kind: 'brand' }, type: 'list' });
    expect(named.status).toBe(400);
    const filter = await w.h.call('post', `${pathOf('/storefront/sites/{siteId}')}/collections`, {
      token: w.tokens.owner,
      body: JSON.parse(
        '{"slugs": {"en": "c"}, "names": {"en": "C"}, "filter": {"valueof": ["x"], "constructor": ["y"], "__proto__": ["z"]}}',
      ),
    });
    expect([filter.status, filter.body.errors]).toEqual([
      400,
      {
        '$.filter.valueof': ['"valueof" is not a facet of this site'],
        '$.filter.constructor': ['"constructor" is not a facet key'],
      },
    ]);
    // The parser never copies a __proto__ key: a filter of nothing else is empty, refused rather than listing everything.
    const proto = await w.h.call('post', `${pathOf('/storefront/sites/{siteId}')}/collections`, {
      token: w.tokens.owner,
      body: JSON.parse('{"slugs": {"en": "c"}, "names": {"en": "C"}, "filter": {"__proto__": ["z"]}}'),
    });
    expect([proto.status, proto.body.errors]).toEqual([
      400,
      { '$.filter': ['needs at least one facet, or {"all": []} for every product'] },
    ]);
    expect(
      (await w.h.call('delete', `${pathOf('/storefront/sites/{siteId}')}/facets/colour`, { token: w.tokens.owner }))
        .status,
    ).toBe(204);
  });

  it('answers hostile entity segments (codes, keys, ids, languages) without a 5xx, in the documented format', async () => {
    const withSegment = documentedOperations<SchemaOperation>(w.h.document as SchemaDocument).filter(
      (o) => CONFIG_PATHS.test(o.template) && /\}\/.+\{/.test(o.template),
    );
    for (const { method, template, op } of withSegment) {
      const body = method === 'delete' || method === 'get' ? undefined : '{}';
      await fc.assert(
        fc.asyncProperty(hostileId(), (segment) =>
          expectConforming(method, pathOf(template, segment), op.requestBody ? body : undefined),
        ),
        { numRuns: RUNS },
      );
    }
  }, 120_000);
});
