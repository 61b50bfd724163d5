import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SEED_AS_OF, SEED_TIMEOUT_MS, seedSmallTenant } from '../../../../support/business-data';
import { TEST_AUDIENCE } from '../../../../support/identity';
import { callTool, startMcpServer, textOf, type McpHarness } from '../../../../support/mcp-server';

const BUSINESS_TOOLS = [
  'list_sales_orders',
  'list_purchase_orders',
  'list_sales_invoices',
  'list_sales_invoice_lines',
  'list_open_order_lines',
  'get_warehouse_stock',
  'get_vendor_prices_for_product',
  'find_product',
  'list_customers',
  'get_customer',
];
const CONFIG_TOOLS = [
  'list_instances',
  'set_default_instance',
  'get_company_profile',
  'list_storefront_sites',
  'save_storefront_site',
  'save_storefront_market',
  'save_storefront_facet_config',
  'save_storefront_collection',
  'save_storefront_content',
  'create_storefront_api_key',
  'revoke_storefront_api_key',
  'publish_storefront_config',
  'get_storefront_draft_diff',
  'get_storefront_sync_status',
  'trigger_storefront_reindex',
  'build_storefront_preview',
  'get_storefront_search_analytics',
  'save_storefront_synonyms',
  'save_storefront_query_rule',
  'remove_storefront_query_rule',
  'preview_storefront_search_changes',
];

describe('the ten read tools over MCP', () => {
  let h: McpHarness;
  let tenantId: number;
  let client: Client;
  let restToken: string;

  /** The REST answer for the same filters, fetched over HTTP from the same server. */
  async function rest(path: string, query: Record<string, string | number> = {}, body?: unknown): Promise<unknown> {
    const url = new URL(`${h.baseUrl}/api/v1${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    const res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: `Bearer ${restToken}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    h = await startMcpServer({ now: () => SEED_AS_OF });
    tenantId = await seedSmallTenant(h.t.db, 'mcp-read', 3);
    await seedSmallTenant(h.t.db, 'mcp-other', 4);
    restToken = await h.token(tenantId, { audience: TEST_AUDIENCE });
    client = await h.connect(await h.token(tenantId));
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  it('lists every tool, each with a JSON Schema for its arguments', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...BUSINESS_TOOLS, ...CONFIG_TOOLS].sort());
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('list_sales_orders')?.inputSchema.properties).toMatchObject({
      customerId: { type: 'integer' },
      cursor: { type: 'string' },
    });
    expect(byName.get('find_product')?.inputSchema.required).toEqual(['q']);
    for (const name of BUSINESS_TOOLS) expect(byName.get(name)?.annotations?.readOnlyHint).toBe(true);
  });

  it('answers each read tool as its REST twin answers the same filters, page after page', async () => {
    const first = await callTool(client, 'list_sales_orders', { statusKind: 'all', pageSize: 7 });
    expect(first.isError).toBeFalsy();
    expect(first.structuredContent).toEqual(await rest('/sales-orders', { statusKind: 'all', pageSize: 7 }));
    const cursor = (first.structuredContent as { nextCursor: string }).nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const second = await callTool(client, 'list_sales_orders', { statusKind: 'all', pageSize: 7, cursor });
    expect(second.structuredContent).toEqual(await rest('/sales-orders', { statusKind: 'all', pageSize: 7, cursor }));
    expect(JSON.parse(textOf(second))).toEqual(second.structuredContent);

    const lists: [string, string, Record<string, string | number>][] = [
      ['list_purchase_orders', '/purchase-orders', { pageSize: 4, statusKind: 'all' }],
      ['list_sales_invoices', '/sales-invoices', { pageSize: 4, documentType: 'both' }],
      ['list_open_order_lines', '/open-order-lines', { pageSize: 4 }],
      ['get_warehouse_stock', '/warehouse-stock', { pageSize: 300 }],
      ['list_customers', '/customers', { pageSize: 4, inactive: 'true' }],
    ];
    for (const [tool, path, query] of lists) {
      const args = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === 'true' ? true : v]));
      const result = await callTool(client, tool, args);
      expect({ tool, result: result.structuredContent }).toEqual({ tool, result: await rest(path, query) });
      expect((result.structuredContent as { items: unknown[] }).items.length).toBeGreaterThan(0);
    }
    const lines = await callTool(client, 'list_sales_invoice_lines', { pageSize: 5, from: '2024-01-01' });
    expect(lines.structuredContent).toEqual(
      await rest('/sales-invoice-lines', {}, { pageSize: 5, from: '2024-01-01' }),
    );
  });

  it('answers the single-record tools as REST does', async () => {
    const stock = (await rest('/warehouse-stock', { pageSize: 1 })) as {
      items: { productId: number; productNumber: string }[];
    };
    const product = stock.items[0];
    if (!product) throw new Error('seed has no stock');
    const prices = await callTool(client, 'get_vendor_prices_for_product', { productId: product.productId });
    expect(prices.structuredContent).toEqual(await rest('/vendor-prices', { productId: product.productId }));
    const found = await callTool(client, 'find_product', { q: product.productNumber, limit: 3 });
    expect(found.structuredContent).toEqual({
      items: await rest('/products/find', { q: product.productNumber, limit: 3 }),
    });
    const customers = (await rest('/customers', { pageSize: 1 })) as { items: { id: number }[] };
    const customerId = customers.items[0]?.id;
    const customer = await callTool(client, 'get_customer', { customerId });
    expect(customer.structuredContent).toEqual(await rest(`/customers/${customerId}`));
  });

  it.each([
    ['list_sales_orders', { customerId: -1 }, /customerId must be a positive whole number/],
    ['list_sales_orders', { orderDateFrom: 'yesterday' }, /not a valid ISO 8601 date-time/],
    ['list_purchase_orders', { pageSize: 0 }, /not a valid page size/],
    ['list_sales_invoices', { statusKind: 'bogus' }, /statusKind must be one of/],
    ['list_sales_invoice_lines', { pageSize: 'ten' }, /pageSize/],
    ['list_open_order_lines', { customerId: 'abc' }, /customerId must be a positive whole number/],
    ['get_warehouse_stock', { pageSize: 'abc' }, /not a valid page size/],
    ['get_vendor_prices_for_product', {}, /productId is required/],
    ['find_product', {}, /q/],
    ['find_product', { q: 'x', limit: 50 }, /limit/],
    ['list_customers', { inactive: 'maybe' }, /inactive/],
    ['get_customer', { customerId: 'abc' }, /customerId/],
    ['get_customer', { customerId: 2_000_000_000 }, /not_found: No customer has this id/],
    // A NUL is the caller's error, named as the REST twins name it (not "failed on the server").
    ['list_customers', { q: 'a\u0000b' }, /^Invalid arguments: q: The value contains a NUL character/],
    ['list_sales_orders', { q: '\u0000' }, /^Invalid arguments: q: .*NUL/],
    ['list_sales_orders', { email: 'a@b.c\u0000' }, /^Invalid arguments: email: .*NUL/],
    [
      'list_sales_orders',
      { shopOrderNumber: '1\u0000', q: 'x\u0000' },
      /^Invalid arguments: shopOrderNumber, q: .*NUL|^Invalid arguments: q, shopOrderNumber: .*NUL/,
    ],
    ['find_product', { q: 'shirt\u0000' }, /^Invalid arguments: q: .*NUL/],
  ])('%s with %j is a tool error that says what is wrong', async (tool, args, message) => {
    const result = await callTool(client, tool, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
  });
});
