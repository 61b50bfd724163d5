import fc from 'fast-check';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import { indexedShop, type IndexedShop } from '../../../support/storefront-fixture';
import { createStorefrontTestApp, ERRORS_DOC_URL } from '../../../support/storefront-api';
import { queryString, queryStringWithQ, type QueryPair } from '../../../support/listing-query-arbitraries';

// Random query strings of the listing grammar and junk against the three routes that read it. The expected
// outcome is derived independently from the decoded parameters: 200, or a 4xx whose code is one that applies.

const RUNS = 300;
const SPEC_CODES = new Set([
  'INVALID_FILTER',
  'INVALID_PAGE',
  'INVALID_QUERY',
  'FACET_NOT_FOUND',
  'FACET_NOT_SEARCHABLE',
  'NOT_FOUND',
]);
const LISTING_WARNINGS = new Set([
  'FILTER_IGNORED',
  'SORT_UNKNOWN',
  'COLLECTION_UNKNOWN',
  'QUERY_TRUNCATED',
  'RANGE_INVERTED',
]);

interface Answer {
  status: number;
  type: string;
  body: Record<string, unknown>;
}

const first = (pairs: QueryPair[], name: string) => pairs.find(([n]) => n === name)?.[1];
const FILTER_NAME = /^filter\[[A-Za-z0-9_.-]{1,64}\]$/;

/** Codes a request deserves by the spec's rules; an empty set means 200. */
function listingCodes(pairs: QueryPair[]): Set<string> {
  const codes = new Set<string>();
  if (pairs.some(([n]) => n.startsWith('filter') && !FILTER_NAME.test(n))) codes.add('INVALID_FILTER');
  const int = (raw: string | undefined, fallback: number) =>
    raw === undefined || raw === '' ? fallback : /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : NaN;
  const page = int(first(pairs, 'page'), 1);
  const size = int(first(pairs, 'pageSize'), 24);
  if (!(page >= 1 && size >= 1 && size <= 100 && page * size <= 10_000)) codes.add('INVALID_PAGE');
  return codes;
}

function queryCodes(pairs: QueryPair[]): Set<string> {
  const q = (first(pairs, 'q') ?? '').trim();
  return new Set(q === '' || [...q].length > 100 ? ['INVALID_QUERY'] : []);
}

describe('the listing grammar over HTTP (property)', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let server: http.Server;
  let port: number;
  let facetTypes: Map<string, string>;

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, { tenant: 'grammar', products: 120, seed: 5 });
    // A one-second window and a secret key (6000 a window): hundreds of requests a second stay inside the budget
    // (rate limits are tested elsewhere).
    const { app } = await createStorefrontTestApp({
      db: t.db,
      redis: r.redis,
      engine: shop.engine.engine,
      windowSeconds: 1,
    });
    server = http.createServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    const site = await send('/v1/products?pageSize=1');
    facetTypes = new Map((site.body.facets as { key: string; type: string }[]).map((f) => [f.key, f.type]));
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  /** A raw GET (node:http sends the path byte for byte, unlike clients that normalise URLs). */
  function send(path: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers: { 'X-Site-Key': shop.keys.secret } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              type: String(res.headers['content-type']),
              body: JSON.parse(text) as Record<string, unknown>,
            });
          } catch (err) {
            reject(
              new Error(
                `${path}: ${res.statusCode} with a body that is not JSON: ${text.slice(0, 200)} (${String(err)})`,
              ),
            );
          }
        });
      });
      req.on('error', reject);
    });
  }

  /** The answer is 200 when no code applies, else a problem+json carrying one of the applicable codes. */
  function expectOutcome(path: string, answer: Answer, codes: Set<string>): void {
    const summary = { path, status: answer.status, code: answer.body.code };
    if (codes.size === 0) {
      expect(summary).toEqual({ path, status: 200, code: undefined });
      return;
    }
    expect(answer.status).toBeLessThan(500);
    expect(SPEC_CODES.has(String(answer.body.code)) && codes.has(String(answer.body.code))).toBe(true);
    expect(answer.type).toContain('application/problem+json');
    const code = String(answer.body.code);
    expect(answer.body).toEqual({
      type: `${ERRORS_DOC_URL}/${code}`,
      title: code,
      status: answer.status,
      detail: expect.any(String),
      code,
    });
    expect(answer.status).toBe(code.endsWith('NOT_FOUND') ? 404 : 400);
  }

  it(`answers ${RUNS} random listing queries with 200 and warnings, or INVALID_FILTER / INVALID_PAGE`, async () => {
    await fc.assert(
      fc.asyncProperty(queryString(), async ({ raw, pairs }) => {
        const path = `/v1/products?${raw}`;
        const answer = await send(path);
        expectOutcome(path, answer, listingCodes(pairs));
        if (answer.status === 200)
          for (const w of answer.body.warnings as { code: string }[]) expect(LISTING_WARNINGS.has(w.code)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  }, 60_000);

  it(`answers ${RUNS} random suggest queries with 200 or INVALID_QUERY`, async () => {
    await fc.assert(
      fc.asyncProperty(queryStringWithQ(), async ({ raw, pairs }) => {
        const path = `/v1/search/suggest?${raw}`;
        expectOutcome(path, await send(path), queryCodes(pairs));
      }),
      { numRuns: RUNS },
    );
  }, 60_000);

  it(`answers ${RUNS} random search-in-facet queries with 200 or the codes that apply`, async () => {
    const keys = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...facetTypes.keys()) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('nope', 'Brand', 'brand%2Fx', '%62rand', 'a%20b', '%C3%A9', 'brand%00', '%2e'),
      },
    );
    await fc.assert(
      fc.asyncProperty(keys, queryStringWithQ(), async (key, { raw, pairs }) => {
        const path = `/v1/products/facets/${key}?${raw}`;
        const type = facetTypes.get(decodeURIComponent(key));
        const codes =
          type === undefined
            ? new Set(['FACET_NOT_FOUND'])
            : type === 'list' || type === 'swatch'
              ? new Set([...queryCodes(pairs), ...[...listingCodes(pairs)].filter((c) => c === 'INVALID_FILTER')])
              : new Set(['FACET_NOT_SEARCHABLE']);
        expectOutcome(path, await send(path), codes);
      }),
      { numRuns: RUNS },
    );
  }, 60_000);

  // A facet key that does not percent-decode ("%zz", a cut UTF-8 sequence) names nothing: a 404 problem, as
  // /v1/products/%zz answers, never a 500 from the decoder.
  it.each(['%zz', '%E2%82', '%'])('answers the undecodable facet key %p with a 4xx problem', async (key) => {
    const answer = await send(`/v1/products/facets/${key}?q=a`);
    expectOutcome(`/v1/products/facets/${key}`, answer, new Set(['FACET_NOT_FOUND', 'NOT_FOUND']));
  });
});
