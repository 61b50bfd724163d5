import type { Response } from 'supertest';
import { startBusinessApi, type BusinessApiHarness } from '../support/business-api';
import { SEED_TIMEOUT_MS } from '../support/business-data';
import {
  fieldNames,
  requestSchema,
  schemaProperties,
  successSchema,
  typeOf,
  type SchemaDocument,
  type SchemaOperation,
} from '../support/openapi-schemas';
import { documentedOperations } from '../support/route-inventory';
import { marketBodyOn } from '../support/storefront-admin-fixture';
import { tenantFingerprint } from '../support/tenant-fingerprint';
import { twoTenantBusiness, type OnlyInA } from '../support/two-tenant-business';

// Proves: in every business-api write body, the fields a client may not set are ignored: the tenant (spec
// "Authentication" 2: it comes from the token only), ids, timestamps, and every field the API computes (totals,
// names, statuses...), found in the document as the fields of the write's answer and of the reads of the same
// resource that the write's own request schema does not take. The write succeeds as documented, none of the
// injected values shows in what the API answers afterwards, and no row of the other tenant changes.

type Method = 'post' | 'patch' | 'put';
/** A valid write of tenant A's owner, and the reads that show what it stored. */
type Write = {
  path: (a: OnlyInA) => string;
  body: (a: OnlyInA) => Record<string, unknown>;
  readBack: (a: OnlyInA, res: Response) => string[];
};

const LINE = { productNumber: 'MA-1', description: 'Mass-assignment line', quantity: 2, price: 10, vatRate: 25 };
const SITE = (a: OnlyInA, rest = '') => `/storefront/sites/${a.site}${rest}`;
// A slug of its own each time: two collections may not share one in a language.
let collections = 0;
const COLLECTION = () => ({ slugs: { en: `mass-${++collections}` }, names: { en: 'Mass' }, filter: { all: [] } });
const WRITES: Record<string, Write> = {
  'post /sales-invoice-lines': { path: () => '/sales-invoice-lines', body: () => ({}), readBack: () => [] },
  'patch /tenant-settings/company-profile': {
    path: () => '/tenant-settings/company-profile',
    body: () => ({ city: 'Massville' }),
    readBack: () => ['/tenant-settings/company-profile'],
  },
  'post /sales-orders': {
    path: () => '/sales-orders',
    body: (a) => ({ customerId: a.customer, lines: [LINE] }),
    readBack: (_a, res) => [`/sales-orders/${res.body.id}`, `/sales-orders/${res.body.id}/lines`],
  },
  'patch /sales-orders/{id}': {
    path: (a) => `/sales-orders/${a.order}`,
    body: () => ({ yourReference: 'mass' }),
    readBack: (a) => [`/sales-orders/${a.order}`],
  },
  'post /sales-orders/{id}/lines': {
    path: (a) => `/sales-orders/${a.order}/lines`,
    body: () => LINE,
    readBack: (a) => [`/sales-orders/${a.order}/lines`],
  },
  'patch /sales-orders/{id}/lines/{lineId}': {
    path: (a) => `/sales-orders/${a.order}/lines/${a.line}`,
    body: () => ({ quantity: 3 }),
    readBack: (a) => [`/sales-orders/${a.order}/lines`],
  },
  'post /purchase-invoice-matches/{invoiceId}/confirm': {
    path: (a) => `/purchase-invoice-matches/${a.draft.id}/confirm`,
    body: (a) => ({
      matches: [{ invoiceLineIndex: 0, orderItemId: a.draft.orderItem, invTransactionId: a.draft.receipt }],
    }),
    readBack: (a) => [`/purchase-invoice-matches/${a.draft.id}`],
  },
  'post /purchase-invoice-matches/{invoiceId}/match-whole-order': {
    path: (a) => `/purchase-invoice-matches/${a.wholeOrderDraft.id}/match-whole-order`,
    body: (a) => ({ orderId: a.wholeOrderDraft.orderId }),
    readBack: (a) => [`/purchase-invoice-matches/${a.wholeOrderDraft.id}`],
  },
  'post /storefront/sites': {
    path: () => '/storefront/sites',
    body: () => ({ code: 'mass-site', name: 'Mass', ecomSiteId: 1 }),
    readBack: (_a, res) => [`/storefront/sites/${res.body.siteId}`],
  },
  'put /storefront/sites/{siteId}': {
    path: (a) => SITE(a),
    body: () => ({ code: 'only-in-a', name: 'Only in A', ecomSiteId: 1 }),
    readBack: (a) => [SITE(a)],
  },
  'put /storefront/sites/{siteId}/markets/{code}': {
    path: (a) => SITE(a, '/markets/se'),
    body: (a) => marketBodyOn(a.priceList, true),
    readBack: (a) => [SITE(a)],
  },
  'put /storefront/sites/{siteId}/facets/{key}': {
    path: (a) => SITE(a, '/facets/brand'),
    body: () => ({ source: { kind: 'brand' }, type: 'list' }),
    readBack: (a) => [SITE(a)],
  },
  'post /storefront/sites/{siteId}/collections': {
    path: (a) => SITE(a, '/collections'),
    body: COLLECTION,
    readBack: (a) => [SITE(a)],
  },
  'put /storefront/sites/{siteId}/collections/{collectionId}': {
    path: (a) => SITE(a, '/collections/1'),
    body: COLLECTION,
    readBack: (a) => [SITE(a)],
  },
  'post /storefront/sites/{siteId}/query-rules': {
    path: (a) => SITE(a, '/query-rules'),
    body: () => ({ query: 'mass', hide: ['7'] }),
    readBack: (a) => [SITE(a)],
  },
  'put /storefront/sites/{siteId}/query-rules/{ruleId}': {
    path: (a) => SITE(a, '/query-rules/1'),
    body: () => ({ query: 'rule 1', hide: ['8'] }),
    readBack: (a) => [SITE(a)],
  },
  'post /storefront/sites/{siteId}/keys': {
    path: (a) => SITE(a, '/keys'),
    body: () => ({ kind: 'publishable', label: 'mass' }),
    readBack: (a) => [SITE(a, '/keys')],
  },
  'post /storefront/sites/{siteId}/publish': {
    path: (a) => SITE(a, '/publish'),
    body: () => ({ note: 'mass' }),
    readBack: (a) => [SITE(a, '/versions')],
  },
  'post /storefront/sites/{siteId}/reindex': {
    path: (a) => SITE(a, '/reindex'),
    body: () => ({ mode: 'full' }),
    readBack: (a) => [SITE(a, '/runs')],
  },
  'put /storefront/sites/{siteId}/synonyms/{language}': {
    path: (a) => SITE(a, '/synonyms/en'),
    body: () => ({ entries: [{ from: 'laptop', to: ['notebook'] }] }),
    readBack: (a) => [SITE(a, '/synonyms/en')],
  },
  'put /storefront/sites/{siteId}/content': {
    path: (a) => SITE(a, '/content'),
    body: () => ({ shortDescription: { attribute: 'teaser' }, attributes: [{ key: 'fabric', attribute: 'material' }] }),
    readBack: (a) => [SITE(a, '/content'), SITE(a, '')],
  },
};

// Values no answer holds by chance, one per JSON type; a field of another type is injected as a string.
const SENTINEL = { integer: 424242, number: 4242.42, dateTime: '2001-02-03T04:05:06.000Z', string: 'INJECTED' };
const FOUND_IN = (text: string) => ['424242', '4242.42', '2001-02-03', 'INJECTED'].filter((s) => text.includes(s));

describe('mass assignment in business-api write bodies', () => {
  let h: BusinessApiHarness;
  let a: OnlyInA;
  let tenantA: number;
  let tenantB: number;
  let token: string;
  const document = () => h.document as SchemaDocument;

  beforeAll(async () => {
    h = await startBusinessApi();
    ({ tenantA, tenantB, onlyInA: a } = await twoTenantBusiness(h.t.db, { a: 71, b: 72 }));
    token = await h.token(tenantA);
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  /** The reads of the resource a write changes: the GETs at its own path, its parent path, or one id below. */
  function readsOf(template: string): SchemaOperation[] {
    const parent = template.replace(/\/[^/]+$/, '');
    return [template, parent, `${template}/{id}`].flatMap((path) => document().paths[path]?.get ?? []);
  }

  /** The fields the client may not set, each with a sentinel of its type. */
  function injected(template: string, op: SchemaOperation): Record<string, unknown> {
    const accepted = new Set(fieldNames(document(), requestSchema(op)));
    const computed = [successSchema(op), ...readsOf(template).map(successSchema)].flatMap((schema) =>
      schemaProperties(document(), schema),
    );
    const out: Record<string, unknown> = {
      tenantId: tenantB,
      tenant_id: tenantB,
      iid: tenantB,
      id: SENTINEL.integer,
      createdAt: SENTINEL.dateTime,
      updatedAt: SENTINEL.dateTime,
    };
    for (const [name, schema] of computed) {
      if (accepted.has(name)) continue;
      const type = typeOf(document(), schema);
      if (type === 'boolean' || type === 'object' || type === 'array') continue;
      out[name] =
        type === 'integer'
          ? SENTINEL.integer
          : type === 'number'
            ? SENTINEL.number
            : schema.format === 'date-time'
              ? SENTINEL.dateTime
              : SENTINEL.string;
    }
    return out;
  }

  const writes = () =>
    documentedOperations<SchemaOperation>(document()).filter((o) => requestSchema(o.op) !== undefined);

  it('has a case for every write that takes a body', () => {
    const keys = writes().map((o) => o.key);
    expect(keys.filter((k) => WRITES[k] === undefined)).toEqual([]);
    expect(Object.keys(WRITES).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('injects the computed fields of the resource, not just a fixed list', () => {
    const op = document().paths['/sales-orders']?.post;
    expect(Object.keys(injected('/sales-orders', op ?? {}))).toEqual(
      expect.arrayContaining([
        'tenantId',
        'id',
        'totalExVat',
        'totalIncVat',
        'openAmount',
        'statusName',
        'customerName',
        'dateInvoice',
      ]),
    );
  });

  it('ignores them in every write: documented success, nothing injected in the reads after, the other tenant untouched', async () => {
    const other = await tenantFingerprint(h.t.db, tenantB);
    const problems: string[] = [];
    for (const { key, template, method, op } of writes()) {
      const write = WRITES[key];
      if (write === undefined) continue;
      const res = await h.call(method as Method, write.path(a), {
        token,
        body: { ...injected(template, op), ...write.body(a) },
      });
      const success = Number(Object.keys(op.responses ?? {}).find((s) => s.startsWith('2')));
      if (res.status !== success) problems.push(`${key}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      for (const path of write.readBack(a, res)) {
        const read = await h.call('get', path, { token });
        const found = FOUND_IN(read.text);
        if (read.status !== 200 || found.length > 0)
          problems.push(`${key}: GET ${path} -> ${read.status}, holds ${found.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await tenantFingerprint(h.t.db, tenantB)).toEqual(other);
  });

  it('reports fields that are not profile fields as not saved, and stores none of them', async () => {
    const res = await h.call('patch', '/tenant-settings/company-profile', {
      token,
      body: { city: 'Massville', tenantId: tenantB, id: 1 },
    });
    expect(res.body.notSaved).toEqual(expect.arrayContaining(['tenantId', 'id']));
    expect(res.body.profile).not.toHaveProperty('tenantId');
  });
});
