import type { SearchDocument } from '../../../../shared/search';
import { seedTenant } from '../../../../scripts/seed/seed-tenant';
import type { CatalogueProduct } from '../../../../indexer/documents/catalogue-product';
import { loadCatalogueProducts, readCatalogue } from '../../../../indexer/documents/catalogue-reader';
import { defaultSiteIndexConfig } from '../../../../indexer/documents/site-config';
import { isSkipped, toSearchDocument } from '../../../../indexer/documents/to-search-document';
import { createTestDb, type TestDb } from '../../../support/test-db';

const AS_OF = new Date('2025-06-01T00:00:00Z');
const BATCH = 64;

type Row = Record<string, unknown>;

describe('catalogue reader on a seeded tenant', () => {
  let t: TestDb;
  let alpha: number;
  let batches: CatalogueProduct[][];
  let products: CatalogueProduct[];
  const sql = async <T extends Row>(text: string, bindings: unknown[] = []): Promise<T[]> =>
    (await t.db.raw<{ rows: T[] }>(text, bindings as never[])).rows;

  beforeAll(async () => {
    t = await createTestDb();
    alpha = (
      await seedTenant(t.db, { tenant: 'alpha', products: 300, orders: 0, seed: 11, asOf: AS_OF, analyze: false })
    ).tenantId;
    // More products and another seed: its rows share ids with alpha's and extend past them.
    await seedTenant(t.db, { tenant: 'beta', products: 420, orders: 0, seed: 12, asOf: AS_OF, analyze: false });
    batches = [];
    for await (const batch of readCatalogue(t.db, alpha, { batchSize: BATCH })) batches.push(batch);
    products = batches.flat();
  });
  afterAll(() => t.drop());

  it('covers every root of the tenant exactly once, in id order, in batches of at most the batch size', async () => {
    const roots = (
      await sql<{ id: number }>('select id from products where tenant_id = ? and parent_id is null order by id', [
        alpha,
      ])
    ).map((r) => r.id);
    expect(roots).toHaveLength(300);
    expect(products.map((p) => p.id)).toEqual(roots);
    expect(batches.length).toBe(Math.ceil(300 / BATCH));
    expect(batches.every((b) => b.length > 0 && b.length <= BATCH)).toBe(true);
  });

  it('has every variant once, under its own parent, with its product number and active flag', async () => {
    const variants = await sql<{ id: number; parent_id: number; product_number: string; is_active: boolean }>(
      'select id, parent_id, product_number, is_active from products where tenant_id = ? and parent_id is not null order by id',
      [alpha],
    );
    const read = products
      .filter((p) => p.kind === 'parent')
      .flatMap((p) =>
        p.variants.map((v) => ({ id: v.id, parent_id: p.id, product_number: v.sku, is_active: v.active })),
      );
    expect(read.sort((a, b) => a.id - b.id)).toEqual(variants);
    const simple = products.filter((p) => p.kind === 'simple');
    expect(simple.length).toBeGreaterThan(0);
    expect(simple.every((p) => p.variants.length === 1 && p.variants[0]?.id === p.id && p.options.length === 0)).toBe(
      true,
    );
  });

  it('carries every price of every sellable product, and nothing else', async () => {
    const prices = await sql<{
      product_id: number;
      price_list_id: number;
      amount: string;
      compare_at: string | null;
      vat_rate: string;
    }>(
      `select product_id, price_list_id, amount, compare_at, vat_rate from prices p
       where tenant_id = ? and not exists (select 1 from products c where c.tenant_id = p.tenant_id and c.parent_id = p.product_id)
       order by product_id, price_list_id`,
      [alpha],
    );
    const read = products.flatMap((p) =>
      p.variants.flatMap((v) =>
        v.prices.map((pr) => ({
          product_id: v.id,
          price_list_id: pr.priceListId,
          amount: pr.amount,
          compare_at: pr.compareAt,
          vat_rate: pr.vatRate,
        })),
      ),
    );
    expect(read.sort((a, b) => a.product_id - b.product_id || a.price_list_id - b.price_list_id)).toEqual(prices);
  });

  it('sums stock over warehouses and locations per variant (on hand minus reserved)', async () => {
    const rows = await sql<{ product_id: number; qty_in_stock: string; qty_outgoing: string }>(
      'select product_id, qty_in_stock, qty_outgoing from stock where tenant_id = ?',
      [alpha],
    );
    const expected = new Map<number, number>();
    for (const r of rows)
      expected.set(r.product_id, (expected.get(r.product_id) ?? 0) + Number(r.qty_in_stock) - Number(r.qty_outgoing));
    const variants = products.flatMap((p) => p.variants);
    expect(variants.filter((v) => Number(v.stock) !== (expected.get(v.id) ?? 0))).toEqual([]);
    expect(variants.some((v) => Number(v.stock) > 0) && variants.some((v) => Number(v.stock) <= 0)).toBe(true);
  });

  it('gives each linked category its path from the root, with names per language', async () => {
    const links = await sql<{ product_id: number; category_id: number }>(
      'select product_id, category_id from product_categories where tenant_id = ? order by product_id, category_id',
      [alpha],
    );
    const read = products
      .flatMap((p) => p.categories.map((c) => ({ product_id: p.id, category_id: c.id })))
      .sort((a, b) => a.product_id - b.product_id || a.category_id - b.category_id);
    expect(read).toEqual(links);
    const parents = new Map(
      (
        await sql<{ id: number; parent_id: number | null; names: Record<string, string> }>(
          'select id, parent_id, names from categories where tenant_id = ?',
          [alpha],
        )
      ).map((c) => [c.id, c]),
    );
    for (const category of products.flatMap((p) => p.categories)) {
      expect(category.path[category.path.length - 1]?.id).toBe(category.id);
      expect(parents.get(category.path[0]?.id ?? 0)?.parent_id).toBeNull();
      category.path.slice(1).forEach((n, i) => {
        expect(parents.get(n.id)?.parent_id).toBe(category.path[i]?.id);
      });
      expect(category.path.every((n) => n.names.en === parents.get(n.id)?.names.en && n.names.sv !== undefined)).toBe(
        true,
      );
    }
  });

  it('reads descriptions per language and option values per axis', async () => {
    const descriptions = await sql<{ product_id: number; language: string; name: string }>(
      'select product_id, language, name from product_descriptions where tenant_id = ? order by product_id, language',
      [alpha],
    );
    const read = products
      .flatMap((p) =>
        Object.entries(p.descriptions).map(([language, d]) => ({ product_id: p.id, language, name: d.name })),
      )
      .sort((a, b) => a.product_id - b.product_id || a.language.localeCompare(b.language));
    expect(read).toEqual(descriptions);
    const values = await sql<{ n: string }>('select count(*) as n from product_option_values where tenant_id = ?', [
      alpha,
    ]);
    expect(products.flatMap((p) => p.variants).reduce((n, v) => n + Object.keys(v.options).length, 0)).toBe(
      Number(values[0]?.n),
    );
  });

  it("never returns another tenant's rows", async () => {
    const names = new Map(
      (
        await sql<{ id: number; product_number: string }>(
          'select id, product_number from products where tenant_id = ?',
          [alpha],
        )
      ).map((r) => [r.id, r.product_number]),
    );
    expect(products.flatMap((p) => [p, ...p.variants]).every((p) => names.get(p.id) === p.sku)).toBe(true);
    expect(Math.max(...products.map((p) => p.id))).toBeLessThanOrEqual(300);
  });

  it('loads chosen roots for a delta run, leaving out variants and unknown ids', async () => {
    const some = [products[0], products[150], products[299]].map((p) => p?.id ?? 0);
    const variantId = products.find((p) => p.kind === 'parent')?.variants[0]?.id ?? 0;
    const loaded = await loadCatalogueProducts(t.db, alpha, [...some, variantId, 100_000]);
    expect(loaded).toEqual(products.filter((p) => some.includes(p.id)));
  });

  it('loads any set of roots as the streamed batches read them, in one round trip (up to 200 ids) or in parallel', async () => {
    const ids = products.map((p) => p.id);
    // Beta's ids past alpha's last one are roots of another tenant: never alpha's products.
    let queries = 0;
    const count = () => queries++;
    t.db.on('query', count);
    const atOnce = await loadCatalogueProducts(t.db, alpha, [...ids.slice(0, 150), 350, 400, 100_000]);
    t.db.off('query', count);
    expect(atOnce).toEqual(products.slice(0, 150));
    // The rows and the category tree: two round trips.
    expect(queries).toBe(2);
    const parallel = await loadCatalogueProducts(t.db, alpha, [...ids, 350, 100_000]);
    expect(parallel).toEqual(products);
    expect(await loadCatalogueProducts(t.db, alpha, [350, 100_000])).toEqual([]);
  });

  it('feeds toSearchDocument: every root becomes a document or a reasoned skip, priced like SQL says', async () => {
    const config = await defaultSiteIndexConfig(t.db, alpha);
    expect(config.markets.map((m) => [m.code, m.currency, m.language])).toEqual([
      ['retail-sek', 'SEK', 'sv'],
      ['retail-eur', 'EUR', 'en'],
    ]);
    expect(config.facets.slice(0, 4).map((f) => f.key)).toEqual(['brand', 'colour', 'size', 'material']);
    const cheapest = new Map(
      (
        await sql<{ root: number; amount: string }>(
          `select coalesce(p.parent_id, p.id) as root, min(pr.amount)::text as amount
       from products p join prices pr on pr.tenant_id = p.tenant_id and pr.product_id = p.id and pr.price_list_id = ?
       join products r on r.tenant_id = p.tenant_id and r.id = coalesce(p.parent_id, p.id)
       where p.tenant_id = ? and p.is_active and r.is_active
         and not exists (select 1 from products c where c.tenant_id = p.tenant_id and c.parent_id = p.id)
       group by 1`,
          [config.markets[0]?.priceListId, alpha],
        )
      ).map((r) => [r.root, Number(r.amount)]),
    );
    const results = products.map((p) => toSearchDocument(p, config));
    const documents = results.filter((r): r is SearchDocument => !isSkipped(r));
    const inactive = new Set(products.filter((p) => !p.active).map((p) => String(p.id)));
    const skipped = results.filter(isSkipped);
    expect(inactive.size).toBeGreaterThan(0);
    expect(skipped.filter((s) => s.skip === 'INACTIVE').map((s) => s.productId)).toEqual([...inactive]);
    expect(documents.length).toBe(cheapest.size);
    expect(documents.filter((d) => d.numbers['price.retail-sek'] !== cheapest.get(Number(d.id)))).toEqual([]);
    expect(documents.some((d) => !d.markets.includes('retail-eur'))).toBe(true);
  });
});
