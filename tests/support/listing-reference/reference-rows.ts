import type { Knex } from '../../../shared/db/knex';

// Raw facts of a seeded catalogue for the listing's differential test, read straight from the business tables
// with SQL of its own (not the indexer's reader): which products sell on which market at what price, and the
// rows the facets come from.

export interface MarketRef {
  code: string;
  language: string;
  priceListId: number;
  currency: string;
}

/** One root product on one market where some active sellable unit has a price: its card price and stock. */
export interface OfferRow {
  root_id: number;
  market: string;
  amount: number;
  in_stock: boolean;
  price_varies: boolean;
}

export interface RootRow {
  id: number;
  is_active: boolean;
  brand_id: number | null;
  is_parent: boolean;
}
export interface UnitRow {
  root_id: number;
  unit_id: number;
  brand_id: number | null;
}
export interface BrandRow {
  id: number;
  name: string;
  slug: string;
}
export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  names: Record<string, string> | null;
  active: boolean;
  position: number;
}
export interface AxisRow {
  root_id: number;
  position: number;
  name: string;
}
export interface AxisValueRow {
  unit_id: number;
  position: number;
  value: string;
}
export interface AttributeRow {
  product_id: number;
  key: string;
  values: string[];
  value_keys: string[] | null;
}

export interface ReferenceRows {
  roots: RootRow[];
  /** Sellable units: a parent's active variants, or an active simple product itself. */
  units: UnitRow[];
  /** Units with a price on some market (the sellable ones whose brands and options count). */
  pricedUnits: { unit_id: number }[];
  offers: OfferRow[];
  brands: BrandRow[];
  categories: CategoryRow[];
  links: { product_id: number; category_id: number }[];
  axes: AxisRow[];
  axisValues: AxisValueRow[];
  attributes: AttributeRow[];
  /** Option axis names over the tenant, most used first; attribute keys with filter keys, most used first. */
  axisNames: string[];
  keyedAttributes: string[];
}

const UNITS = `
  roots as (
    select p.id, p.is_active, p.brand_id,
      exists (select 1 from products v where v.tenant_id = p.tenant_id and v.parent_id = p.id)
        or exists (select 1 from product_options o where o.tenant_id = p.tenant_id and o.product_id = p.id) as is_parent
    from products p where p.tenant_id = :t and p.parent_id is null
  ),
  units as (
    select r.id as root_id, v.id as unit_id, v.brand_id from roots r join products v on v.tenant_id = :t and v.parent_id = r.id and v.is_active where r.is_parent
    union all
    select r.id, r.id, r.brand_id from roots r where not r.is_parent and r.is_active
  ),
  markets (code, list_id, currency) as (select * from json_to_recordset(cast(:markets as json)) as m(code text, list_id int, currency text)),
  unit_prices as (
    select u.root_id, u.unit_id, m.code as market, pr.amount,
      coalesce((select sum(s.qty_in_stock) - sum(s.qty_outgoing) from stock s where s.tenant_id = :t and s.product_id = u.unit_id), 0) > 0 as in_stock
    from units u
    join prices pr on pr.tenant_id = :t and pr.product_id = u.unit_id
    join markets m on m.list_id = pr.price_list_id and m.currency = pr.currency_code
  )`;

async function query<T>(db: Knex, sql: string, bindings: Record<string, unknown>): Promise<T[]> {
  return (await db.raw<{ rows: T[] }>(sql, bindings as Knex.RawBinding)).rows;
}

export async function loadReferenceRows(db: Knex, tenantId: number, markets: MarketRef[]): Promise<ReferenceRows> {
  const b = {
    t: tenantId,
    markets: JSON.stringify(markets.map((m) => ({ code: m.code, list_id: m.priceListId, currency: m.currency }))),
  };
  const t = { t: tenantId };
  const [roots, units, pricedUnits, offers, brands, categories, links, axes, axisValues, attributes, axisNames, keyed] =
    await Promise.all([
      query<RootRow>(db, `with ${UNITS} select * from roots`, b),
      query<UnitRow>(db, `with ${UNITS} select * from units`, b),
      query<{ unit_id: number }>(db, `with ${UNITS} select distinct unit_id from unit_prices`, b),
      query<OfferRow>(
        db,
        `with ${UNITS} select root_id, market, min(amount)::float8 as amount, bool_or(in_stock) as in_stock, count(distinct amount) > 1 as price_varies from unit_prices group by root_id, market`,
        b,
      ),
      query<BrandRow>(db, 'select id, name, slug from brands where tenant_id = :t', t),
      query<CategoryRow>(
        db,
        'select id, parent_id, name, names, active, position from categories where tenant_id = :t',
        t,
      ),
      query<{ product_id: number; category_id: number }>(
        db,
        'select product_id, category_id from product_categories where tenant_id = :t',
        t,
      ),
      query<AxisRow>(
        db,
        'select product_id as root_id, position, name from product_options where tenant_id = :t order by product_id, position',
        t,
      ),
      query<AxisValueRow>(
        db,
        'select product_id as unit_id, position, value from product_option_values where tenant_id = :t',
        t,
      ),
      query<AttributeRow>(
        db,
        'select product_id, key, values, value_keys from product_attributes where tenant_id = :t',
        t,
      ),
      query<{ name: string }>(
        db,
        'select name from product_options where tenant_id = :t group by name order by count(*) desc, name',
        t,
      ),
      query<{ key: string }>(
        db,
        'select key from product_attributes where tenant_id = :t and value_keys is not null group by key order by count(*) desc, key',
        t,
      ),
    ]);
  return {
    roots,
    units,
    pricedUnits,
    offers,
    brands,
    categories,
    links,
    axes,
    axisValues,
    attributes,
    axisNames: axisNames.map((a) => a.name),
    keyedAttributes: keyed.map((k) => k.key),
  };
}
