import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { writeRollups } from '../../../../../shared/search-analytics/analytics-store';
import type { SearchFact, SearchPlace } from '../../../../../shared/search-analytics/search-fact';
import { SearchRollup } from '../../../../../shared/search-analytics/search-rollup';
import { saveSite } from '../../../../../shared/storefront-config/drafts';
import { TEST_AUDIENCE, insertTenant } from '../../../../support/identity';
import { callTool, startMcpServer, textOf, type McpHarness } from '../../../../support/mcp-server';

const TOOL = 'get_storefront_search_analytics';
const RANGE = { from: '2025-06-01', to: '2025-06-30' };
const fact = (query: string, over: Partial<SearchFact> = {}): SearchFact => ({
  kind: 'listing',
  query,
  total: 4,
  corrected: false,
  redirected: false,
  ruled: false,
  filters: [],
  page: 1,
  ...over,
});

describe('the MCP tool get_storefront_search_analytics', () => {
  let h: McpHarness;
  let tenantA: number;
  let tenantB: number;
  let siteA: number;
  let readOnly: Client;

  beforeAll(async () => {
    h = await startMcpServer();
    tenantA = await insertTenant(h.t.db, 'tool-analytics-a');
    tenantB = await insertTenant(h.t.db, 'tool-analytics-b');
    siteA = await saveSite(h.t.db, tenantA, { code: 'shop', name: 'Shop', ecomSiteId: 1 });
    const se: SearchPlace = { tenantId: tenantA, siteId: siteA, market: 'se', language: 'sv' };
    const rollup = new SearchRollup();
    const june = (day: number) => Date.parse(`2025-06-${day}T12:00:00Z`);
    for (let i = 0; i < 4; i++) rollup.record(se, fact('jacka', { filters: ['brand=acme'] }), june(20));
    for (let i = 0; i < 3; i++) rollup.record(se, fact('jakka', { total: 0 }), june(21));
    rollup.record({ ...se, market: 'no', language: 'nb' }, fact('skoor', { total: 0 }), june(21));
    rollup.record(se, fact('ja', { kind: 'suggest', total: 9 }), june(22));
    await writeRollups(h.t.db, rollup.drain(), { queriesPerGroup: 100, filtersPerGroup: 100 });
    // A later flush: "skoor" finds products now (a synonym landed).
    const later = new SearchRollup();
    later.record({ ...se, market: 'no', language: 'nb' }, fact('skoor', { total: 2 }), june(23));
    await writeRollups(h.t.db, later.drain(), { queriesPerGroup: 100, filtersPerGroup: 100 });
    readOnly = await h.connect(await h.token(tenantA, { access: 'read-only', permissions: [] }));
  });
  afterAll(() => h.close());

  const answer = async (client: Client, args: Record<string, unknown>) => {
    const result = await callTool(client, TOOL, args);
    if (result.isError) throw new Error(`${TOOL} failed: ${textOf(result)}`);
    return result.structuredContent as { items: Record<string, unknown>[]; totals: Record<string, number> } & Record<
      string,
      unknown
    >;
  };

  it('is listed as a read-only tool taking siteId, report, from, to, market and limit', async () => {
    const { tools } = await readOnly.listTools();
    const tool = tools.find((t) => t.name === TOOL);
    expect(tool?.annotations?.readOnlyHint).toBe(true);
    expect(Object.keys(tool?.inputSchema.properties ?? {}).sort()).toEqual([
      'from',
      'limit',
      'market',
      'report',
      'siteId',
      'to',
    ]);
    expect(tool?.inputSchema.required).toEqual(['siteId', 'report']);
    expect(tool?.inputSchema.properties?.report).toMatchObject({
      enum: ['top-queries', 'no-hit-queries', 'top-filters', 'suggest-queries', 'volume'],
    });
  });

  it('answers each query with its count and latest total, to a read-only token', async () => {
    const top = await answer(readOnly, { siteId: siteA, report: 'top-queries', ...RANGE });
    expect(top).toMatchObject({
      siteId: siteA,
      report: 'top-queries',
      ...RANGE,
      market: null,
      limit: 20,
      totals: { requests: 9, noHitRequests: 4 },
    });
    expect(top.items).toEqual([
      { query: 'jacka', count: 4, noHits: 0, latestTotal: 4, share: 0.444444 },
      { query: 'jakka', count: 3, noHits: 3, latestTotal: 0, share: 0.333333 },
      { query: 'skoor', count: 2, noHits: 1, latestTotal: 2, share: 0.222222 },
    ]);
    // "skoor" finds products since the later flush, so only "jakka" still finds nothing.
    expect(
      (await answer(readOnly, { siteId: siteA, report: 'no-hit-queries', ...RANGE })).items.map((i) => i.query),
    ).toEqual(['jakka']);
    expect((await answer(readOnly, { siteId: siteA, report: 'top-filters', ...RANGE, limit: 5 })).items).toEqual([
      { filter: 'brand=acme', count: 4, share: 0.444444 },
    ]);
    expect(
      (await answer(readOnly, { siteId: siteA, report: 'suggest-queries', ...RANGE, market: 'se' })).items,
    ).toEqual([{ query: 'ja', count: 1, noHits: 0, latestTotal: 9, share: 1 }]);
  });

  it('answers as its REST twin answers the same request', async () => {
    const restToken = await h.token(tenantA, { audience: TEST_AUDIENCE, access: 'read-only', permissions: [] });
    for (const [report, query] of [
      ['top-queries', { ...RANGE, limit: 2 }],
      ['no-hit-queries', { ...RANGE, market: 'se' }],
      ['top-filters', {}],
    ] as const) {
      const url = new URL(`${h.baseUrl}/api/v1/storefront/sites/${siteA}/search-analytics/${report}`);
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
      const rest = await fetch(url, { headers: { Authorization: `Bearer ${restToken}` } });
      expect(rest.status).toBe(200);
      expect({ report, tool: await answer(readOnly, { siteId: siteA, report, ...query }) }).toEqual({
        report,
        tool: await rest.json(),
      });
    }
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an unknown report', { report: 'top-brands' }, /report/],
    ['no report', { report: undefined }, /report/],
    ['a day that does not exist', { from: '2025-02-29' }, /calendar date written YYYY-MM-DD.* at from/],
    ['limit 0', { limit: 0 }, /limit/],
    ['limit 101', { limit: 101 }, /limit/],
    ['a market in capitals', { market: 'SE' }, /market/],
    ['a site id that is not a number', { siteId: 'shop' }, /siteId/],
    [
      'from after to',
      { from: '2025-06-10', to: '2025-06-09' },
      /invalid_request: from \(2025-06-10\) is after to \(2025-06-09\)/,
    ],
    [
      'a range over 366 days',
      { from: '2024-01-01', to: '2025-06-30' },
      /invalid_request: .* a report covers at most 366/,
    ],
    ['a site that does not exist', { siteId: 999_999 }, /not_found/],
  ])('answers %s with a tool error that says what is wrong', async (_name, args, message) => {
    const result = await callTool(readOnly, TOOL, { siteId: siteA, report: 'top-queries', ...args });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
  });

  it("does not reach a site of another instance, and finds the other instance's own site empty", async () => {
    const other = await h.connect(await h.token(tenantB, { userId: 'stranger', access: 'read-only', permissions: [] }));
    const result = await callTool(other, TOOL, { siteId: siteA, report: 'top-queries', ...RANGE });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/not_found/);
    const siteB = await saveSite(h.t.db, tenantB, { code: 'shop', name: 'Shop', ecomSiteId: 1 });
    expect(await answer(other, { siteId: siteB, report: 'top-queries', ...RANGE })).toMatchObject({
      totals: { requests: 0, noHitRequests: 0 },
      items: [],
    });
  });
});
