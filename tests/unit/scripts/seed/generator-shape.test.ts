import type { Cell } from '../../../../scripts/seed/generator/types';
import { AS_OF, collectSeed, records } from './collect-seed';

const tables = collectSeed({ products: 500, orders: 1500, seed: 7, asOf: AS_OF });
const num = (value: Cell) => Number(value);

function countBy<T>(items: readonly T[], key: (item: T) => string | number): Map<string | number, number> {
  const counts = new Map<string | number, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

describe('seed generator: catalogue shape', () => {
  it('builds a category tree whose leaves sit 3 or 4 levels deep', () => {
    const categories = records(tables, 'categories');
    const parent = new Map(categories.map((c) => [c.id, c.parent_id]));
    const depth = (id: Cell): number => (parent.get(id) === null ? 1 : 1 + depth(parent.get(id) ?? null));
    const parents = new Set(categories.map((c) => c.parent_id));
    const leafDepths = new Set(categories.filter((c) => !parents.has(c.id)).map((c) => depth(c.id)));
    expect([...leafDepths].sort()).toEqual([3, 4]);
  });

  it('has variant products on colour x size axes, some with more than 100 variants', () => {
    const variants = countBy(
      records(tables, 'products').filter((p) => p.parent_id !== null),
      (p) => num(p.parent_id),
    );
    expect(variants.size).toBeGreaterThan(50);
    expect([...variants.values()].some((n) => n > 100)).toBe(true);
    const axes = records(tables, 'product_options').map((o) => o.name);
    expect(new Set(axes)).toEqual(new Set(['colour', 'size']));
    expect(records(tables, 'product_option_values')).toHaveLength(
      2 * [...variants.values()].reduce((a, b) => a + b, 0),
    );
  });

  it('prices in SEK and EUR, with some products missing the EUR price', () => {
    const prices = records(tables, 'prices');
    const byCurrency = (code: string) =>
      new Set(prices.filter((p) => p.currency_code === code).map((p) => p.product_id));
    const sek = byCurrency('SEK');
    const eur = byCurrency('EUR');
    expect(eur.size).toBeGreaterThan(0);
    expect([...sek].filter((id) => !eur.has(id)).length).toBeGreaterThan(0);
    expect(prices.some((p) => p.compare_at !== null && num(p.compare_at) > num(p.amount))).toBe(true);
  });

  it('describes products in English and Swedish', () => {
    expect(countBy(records(tables, 'product_descriptions'), (d) => String(d.language)).size).toBe(2);
  });

  it('spreads products over brands like Zipf: the top brand has many times the median', () => {
    const perBrand = [
      ...countBy(
        records(tables, 'products').filter((p) => p.parent_id === null),
        (p) => num(p.brand_id),
      ).values(),
    ].sort((a, b) => b - a);
    expect(perBrand[0]).toBeGreaterThan(3 * perBrand[Math.floor(perBrand.length / 2)]);
  });

  it('keeps stock per warehouse and location, and vendor prices per product', () => {
    const stock = records(tables, 'stock');
    expect(new Set(stock.map((s) => s.warehouse_id)).size).toBe(3);
    expect(stock.some((s) => num(s.qty_in_stock) === 0)).toBe(true);
    expect(records(tables, 'vendor_prices').length).toBeGreaterThan(records(tables, 'prices').length / 2);
  });
});
