import type { Db, Knex } from '../../shared/db/knex';

// Row shapes and queries of one reader batch. Every query is scoped by tenant and takes its ids as one array
// parameter, so a batch with many variants never runs into the protocol's limit on bound parameters.

export interface ProductRow {
  id: number;
  parent_id: number | null;
  product_number: string;
  name: string;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
  brand_id: number | null;
  brand_name: string | null;
  brand_slug: string | null;
}

export interface OptionRow {
  product_id: number;
  position: number;
  name: string;
}
export interface OptionValueRow {
  product_id: number;
  parent_id: number;
  position: number;
  value: string;
}
export interface PriceRow {
  product_id: number;
  price_list_id: number;
  currency_code: string;
  amount: string;
  vat_rate: string;
  compare_at: string | null;
  prices_include_vat: boolean;
  updated_at: Date;
}
export interface StockRow {
  product_id: number;
  available: string;
}
export interface CategoryLinkRow {
  product_id: number;
  category_id: number;
  is_primary: boolean;
}
export interface DescriptionRow {
  product_id: number;
  language: string;
  name: string;
  short_description: string | null;
  html: string | null;
  updated_at: Date;
}
export interface AttributeRow {
  product_id: number;
  key: string;
  label: string;
  type: string;
  values: string[];
  value_keys: string[] | null;
}

/** Everything one batch of roots needs, as flat rows. */
export interface BatchRows {
  roots: ProductRow[];
  variants: ProductRow[];
  options: OptionRow[];
  optionValues: OptionValueRow[];
  prices: PriceRow[];
  stock: StockRow[];
  categories: CategoryLinkRow[];
  descriptions: DescriptionRow[];
  attributes: AttributeRow[];
}

const PRODUCT_COLUMNS = `p.id, p.parent_id, p.product_number, p.name, p.is_active, p.created_at, p.updated_at,
  b.id as brand_id, b.name as brand_name, b.slug as brand_slug
  from products p left join brands b on b.tenant_id = p.tenant_id and b.id = p.brand_id`;

/**
 * Each query of a batch; every one takes the tenant id and then one int[] of ids (roots, or roots and variants). Each
 * orders its rows, so every reader of a batch (the indexer's statements, the storefront's one) sees them alike.
 */
const SQL = {
  roots: `select ${PRODUCT_COLUMNS} where p.tenant_id = ? and p.parent_id is null and p.id = any(?::int[]) order by p.id`,
  variants: `select ${PRODUCT_COLUMNS} where p.tenant_id = ? and p.parent_id = any(?::int[]) order by p.id`,
  // Numerics as text, as pg gives them anyway: the same columns then read alike as rows and as JSON.
  prices: `select pr.product_id, pr.price_list_id, pr.currency_code, pr.amount::text as amount, pr.vat_rate::text as vat_rate,
       pr.compare_at::text as compare_at, pl.prices_include_vat, pr.updated_at
       from prices pr join price_lists pl on pl.tenant_id = pr.tenant_id and pl.id = pr.price_list_id
       where pr.tenant_id = ? and pr.product_id = any(?::int[]) order by pr.product_id, pr.price_list_id`,
  stock:
    'select product_id, (sum(qty_in_stock) - sum(qty_outgoing))::text as available from stock where tenant_id = ? and product_id = any(?::int[]) group by product_id order by product_id',
  options:
    'select product_id, position, name from product_options where tenant_id = ? and product_id = any(?::int[]) order by product_id, position',
  optionValues:
    'select product_id, parent_id, position, value from product_option_values where tenant_id = ? and parent_id = any(?::int[]) order by parent_id, product_id, position',
  categories:
    'select product_id, category_id, is_primary from product_categories where tenant_id = ? and product_id = any(?::int[]) order by product_id, is_primary desc, category_id',
  descriptions:
    'select product_id, language, name, short_description, html, updated_at from product_descriptions where tenant_id = ? and product_id = any(?::int[]) order by product_id, language',
  attributes:
    'select product_id, key, label, type, values, value_keys from product_attributes where tenant_id = ? and product_id = any(?::int[]) order by product_id, position',
} as const;

async function rows<T>(db: Db, sql: string, bindings: readonly Knex.RawBinding[]): Promise<T[]> {
  return (await db.raw<{ rows: T[] }>(sql, bindings)).rows;
}

/** The next `limit` roots after `afterId` in id order (a keyset page on the products_roots index). */
export function rootsAfter(db: Db, tenantId: number, afterId: number, limit: number): Promise<ProductRow[]> {
  return rows(
    db,
    `select ${PRODUCT_COLUMNS} where p.tenant_id = ? and p.parent_id is null and p.id > ? order by p.id limit ?`,
    [tenantId, afterId, limit],
  );
}

/** The roots among `ids`, in id order. */
export function rootsByIds(db: Db, tenantId: number, ids: readonly number[]): Promise<ProductRow[]> {
  return rows(db, SQL.roots, [tenantId, [...ids]]);
}

/**
 * Variants, option axes and values, categories, content, prices and stock of the given roots. Only prices and
 * stock need the variant ids; the queries keyed by root run meanwhile instead of waiting for them (on connections
 * of their own, so PostgreSQL runs them on both cores: the full run's batches are large).
 */
export async function batchDetails(db: Db, tenantId: number, roots: ProductRow[]): Promise<BatchRows> {
  const rootIds = roots.map((r) => r.id);
  const [sellable, rooted] = await Promise.all([
    sellableDetails(db, tenantId, rootIds),
    rootDetails(db, tenantId, rootIds),
  ]);
  return { roots, ...sellable, ...rooted };
}

type SellableRows = Pick<BatchRows, 'variants' | 'prices' | 'stock'>;

/** The roots' variants, then prices and stock of roots and variants alike (a simple product sells itself). */
async function sellableDetails(db: Db, tenantId: number, rootIds: number[]): Promise<SellableRows> {
  const variants = await rows<ProductRow>(db, SQL.variants, [tenantId, rootIds]);
  const sellableIds = [...rootIds, ...variants.map((v) => v.id)];
  const [prices, stock] = await Promise.all([
    rows<PriceRow>(db, SQL.prices, [tenantId, sellableIds]),
    rows<StockRow>(db, SQL.stock, [tenantId, sellableIds]),
  ]);
  return { variants, prices, stock };
}

type RootRows = Pick<BatchRows, 'options' | 'optionValues' | 'categories' | 'descriptions' | 'attributes'>;

/** What hangs off the roots themselves: option axes and values, category links, content, attributes. */
async function rootDetails(db: Db, tenantId: number, rootIds: number[]): Promise<RootRows> {
  const byRoot = [tenantId, rootIds];
  const [options, optionValues, categories, descriptions, attributes] = await Promise.all([
    rows<OptionRow>(db, SQL.options, byRoot),
    rows<OptionValueRow>(db, SQL.optionValues, byRoot),
    rows<CategoryLinkRow>(db, SQL.categories, byRoot),
    rows<DescriptionRow>(db, SQL.descriptions, byRoot),
    rows<AttributeRow>(db, SQL.attributes, byRoot),
  ]);
  return { options, optionValues, categories, descriptions, attributes };
}

/** Roots and their variants (what has prices and stock), for the roots bound as `sellableBindings` gives. */
export const SELLABLE =
  'array(select unnest(?::int[]) union all select id from products where tenant_id = ? and parent_id = any(?::int[]))';
export const sellableBindings = (tenantId: number, roots: readonly number[]): Knex.RawBinding[] => [
  [...roots],
  tenantId,
  [...roots],
];

/** A statement's rows as one JSON array column (order kept from the statement's own `order by`). */
export const jsonColumn = (select: string, name: string): string =>
  `(select coalesce(json_agg(d), '[]') from (${select}) d) as "${name}"`;

/** The order the statements of `batchRowsAtOnce` run and answer in. */
const AT_ONCE = [
  'roots',
  'variants',
  'prices',
  'stock',
  'options',
  'optionValues',
  'categories',
  'descriptions',
  'attributes',
] as const satisfies readonly (keyof BatchRows)[];

/**
 * The rows of the roots among `ids` (a delta run's changed ids, a storefront page's products): the same queries as
 * a streamed batch, sent as one multi-statement query, so a handful of products is one round trip instead of
 * four rounds of nine queries (on a small batch a query's fixed cost outweighs its rows). Ids that are not the
 * tenant's roots only bring rows no root looks up. The ids are integers written into the text by knex's escaping:
 * a multi-statement query takes no bound parameters.
 */
export async function batchRowsAtOnce(db: Db, tenantId: number, ids: readonly number[]): Promise<BatchRows> {
  if (!ids.every(Number.isSafeInteger)) throw new Error('batchRowsAtOnce: ids must be integers');
  const roots = [...ids];
  const sellable = db.raw(SELLABLE, sellableBindings(tenantId, roots));
  const text = AT_ONCE.map((name) =>
    db.raw(SQL[name], [tenantId, takesSellable(name) ? sellable : roots]).toQuery(),
  ).join(';\n');
  const results = await db.raw<{ rows: unknown[] }[]>(text);
  if (results.length !== AT_ONCE.length) throw new Error(`batchRowsAtOnce: ${results.length} results`);
  return Object.fromEntries(AT_ONCE.map((name, i) => [name, results[i]?.rows ?? []])) as unknown as BatchRows;
}

/** `select` (one `any(?::int[])` of roots) over the roots and their variants instead (bound with `sellableBindings`). */
export function overSellable(select: string): string {
  if (!select.includes('any(?::int[])')) throw new Error('overSellable: the statement takes no id array');
  return select.replace('any(?::int[])', `any(${SELLABLE})`);
}

const takesSellable = (name: (typeof AT_ONCE)[number]) => name === 'prices' || name === 'stock';

/**
 * The statements of `batchRowsAtOnce` as JSON columns of one select (`batchRowsOf` reads its row back), bound by
 * `batchJsonBindings`: a constant text, so a caller can name it and PostgreSQL plan it once per session instead of
 * nine statements per read (planning was most of a small read's cost).
 */
export const BATCH_JSON_COLUMNS = AT_ONCE.map((name) =>
  jsonColumn(takesSellable(name) ? overSellable(SQL[name]) : SQL[name], name),
).join(',\n');

/** The bindings of BATCH_JSON_COLUMNS for `roots`. */
export const batchJsonBindings = (tenantId: number, roots: readonly number[]): Knex.RawBinding[] =>
  AT_ONCE.flatMap((name) =>
    takesSellable(name) ? [tenantId, ...sellableBindings(tenantId, roots)] : [tenantId, [...roots]],
  );

/** JSON renders a timestamp as ISO text; pg reads the same column into a Date. */
const withDates = <T>(rows: unknown, fields: readonly string[]): T[] =>
  (rows as Record<string, unknown>[]).map((row) => {
    const out = { ...row };
    for (const field of fields) out[field] = new Date(String(row[field]));
    return out as T;
  });

/** The rows of `batchJsonColumns`' columns, as `batchRowsAtOnce` answers them. */
export function batchRowsOf(row: Record<string, unknown>): BatchRows {
  const dates = ['created_at', 'updated_at'];
  return {
    roots: withDates<ProductRow>(row.roots, dates),
    variants: withDates<ProductRow>(row.variants, dates),
    options: row.options as OptionRow[],
    optionValues: row.optionValues as OptionValueRow[],
    prices: withDates<PriceRow>(row.prices, ['updated_at']),
    stock: row.stock as StockRow[],
    categories: row.categories as CategoryLinkRow[],
    descriptions: withDates<DescriptionRow>(row.descriptions, ['updated_at']),
    attributes: row.attributes as AttributeRow[],
  };
}
