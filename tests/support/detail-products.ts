import type { Knex } from '../../shared/db/knex';
import { twoPriceLists } from './storefront-fixture';

// Products the seed does not make, written straight into a seeded tenant before indexing: a parent with 150
// variants (15 colours x 10 sizes), a 2x2 parent whose variants differ in price and stock per market, a product
// no market sells, and a simple bundle. Ids continue after the seed's.

export const DIRTY_HTML =
  '<p class="lead" onclick="steal()">Soft <strong>cotton</strong> &amp; <em>linen</em><script>alert(1)</script></p>' +
  '<style>p { color: red }</style><img src="https://evil.example/x.png" onerror="boom()"><h2 style="color:red">Care</h2>' +
  '<ul><li>Wash cold</li></ul><a href="https://shop.example/size" onmouseover="x()" class="c">Size guide</a><a href="javascript:alert(1)">bad</a>';

export interface DetailProducts {
  huge: number;
  cascade: number;
  /** Cascade variants by "Colour/Size". */
  cascadeVariants: Record<string, number>;
  unsold: number;
  bundle: number;
  manufacturerPartyId: number;
}

type Ctx = {
  db: Knex;
  tenantId: number;
  lists: { id: number; currency: string }[];
  warehouse: number;
  location: number;
  next: () => number;
};

async function product(
  c: Ctx,
  row: { parent?: number; sku: string; name: string; brand?: number | null; manufacturer?: number | null },
): Promise<number> {
  const id = c.next();
  await c.db('products').insert({
    tenant_id: c.tenantId,
    id,
    parent_id: row.parent ?? null,
    product_number: row.sku,
    name: row.name,
    brand_id: row.brand ?? null,
    manufacturer_party_id: row.manufacturer ?? null,
    is_active: true,
  });
  return id;
}

async function priceAndStock(c: Ctx, id: number, amounts: (number | null)[], stock: number): Promise<void> {
  for (const [i, list] of c.lists.entries()) {
    const amount = amounts[i];
    if (amount === null || amount === undefined) continue;
    await c.db('prices').insert({
      tenant_id: c.tenantId,
      price_list_id: list.id,
      product_id: id,
      currency_code: list.currency,
      amount,
      vat_rate: '25.000',
    });
  }
  await c.db('stock').insert({
    tenant_id: c.tenantId,
    product_id: id,
    warehouse_id: c.warehouse,
    location_id: c.location,
    qty_in_stock: stock,
    qty_outgoing: 0,
  });
}

async function parent(
  c: Ctx,
  sku: string,
  name: string,
  axes: string[],
  brand: number | null,
  manufacturer: number | null,
): Promise<number> {
  const id = await product(c, { sku, name, brand, manufacturer });
  await c
    .db('product_options')
    .insert(axes.map((axis, position) => ({ tenant_id: c.tenantId, product_id: id, position, name: axis })));
  await c.db('product_descriptions').insert({
    tenant_id: c.tenantId,
    product_id: id,
    language: 'en',
    name,
    short_description: `${name}, in short.`,
    html: DIRTY_HTML,
    seo_title: `${name} | Shop`,
  });
  return id;
}

async function variant(c: Ctx, parentId: number, sku: string, values: string[], brand: number | null): Promise<number> {
  const id = await product(c, { parent: parentId, sku, name: sku, brand });
  await c.db('product_option_values').insert(
    values.map((value, position) => ({
      tenant_id: c.tenantId,
      product_id: id,
      parent_id: parentId,
      position,
      value,
    })),
  );
  return id;
}

export async function addDetailProducts(db: Knex, tenantId: number): Promise<DetailProducts> {
  const max = await db('products').where({ tenant_id: tenantId }).max<{ max: number }>('id as max').first();
  let id = max?.max ?? 0;
  const location = await db('locations')
    .where({ tenant_id: tenantId })
    .orderBy('id')
    .first<{ id: number; warehouse_id: number }>('id', 'warehouse_id');
  if (location === undefined) throw new Error('the seed made no stock location');
  const c: Ctx = {
    db,
    tenantId,
    lists: await twoPriceLists(db, tenantId),
    warehouse: location.warehouse_id,
    location: location.id,
    next: () => ++id,
  };
  const brand = (await db('brands')
    .where({ tenant_id: tenantId, active: true })
    .orderBy('id')
    .first<{ id: number; manufacturer_party_id: number }>('id', 'manufacturer_party_id'))!;
  const manufacturer = brand.manufacturer_party_id;

  const huge = await parent(c, 'HUGE-150', 'Rainbow Grid Sneaker', ['colour', 'size'], brand.id, manufacturer);
  for (let colour = 1; colour <= 15; colour++) {
    for (let size = 36; size < 46; size++)
      await priceAndStock(
        c,
        await variant(c, huge, `HUGE-150-C${colour}-${size}`, [`C${colour}`, String(size)], brand.id),
        [1000, 100],
        size % 3,
      );
  }

  const cascade = await parent(c, 'CASC-1', 'Cascade Tee', ['colour', 'size'], brand.id, manufacturer);
  const cascadeVariants: Record<string, number> = {};
  const plan: [string, string, (number | null)[], number][] = [
    ['Red', 'S', [200, 20], 5],
    ['Red', 'M', [220, 22], 0],
    ['Blue', 'S', [null, 20], 7],
    ['Blue', 'M', [200, 20], 3],
  ];
  for (const [colour, size, amounts, stock] of plan) {
    const v = await variant(c, cascade, `CASC-1-${colour}-${size}`, [colour, size], brand.id);
    await priceAndStock(c, v, amounts, stock);
    cascadeVariants[`${colour}/${size}`] = v;
  }
  await db('product_attributes').insert([
    {
      tenant_id: tenantId,
      product_id: cascade,
      position: 0,
      key: 'fit',
      label: 'Fit',
      type: 'list',
      values: ['slim', 'long'],
      value_keys: null,
    },
    {
      tenant_id: tenantId,
      product_id: cascade,
      position: 1,
      key: 'material',
      label: 'Material',
      type: 'list',
      values: ['Cotton', 'Linen'],
      value_keys: ['cotton', 'linen'],
    },
    {
      tenant_id: tenantId,
      product_id: cascade,
      position: 2,
      key: 'care',
      label: 'Care',
      type: 'html',
      values: ['<p class="x">Wash <b>cold</b><script>x()</script></p>'],
      value_keys: null,
    },
  ]);

  const unsold = await product(c, { sku: 'NOPRICE-1', name: 'Never Sold Lamp' });
  await c
    .db('product_descriptions')
    .insert({ tenant_id: tenantId, product_id: unsold, language: 'en', name: 'Never Sold Lamp' });
  const bundle = await product(c, { sku: 'BUNDLE-1', name: 'Starter Kit' });
  await priceAndStock(c, bundle, [500, 50], 4);
  return { huge, cascade, cascadeVariants, unsold, bundle, manufacturerPartyId: manufacturer };
}

/** Related groups of `productId` and components of `bundleId` (in the order given). */
export async function linkProducts(
  db: Knex,
  tenantId: number,
  productId: number,
  groups: Record<string, number[]>,
  bundleId: number,
  components: [number, string][],
): Promise<void> {
  for (const [group, ids] of Object.entries(groups)) {
    await db('product_relations').insert(
      ids.map((related, position) => ({
        tenant_id: tenantId,
        product_id: productId,
        group_key: group,
        position,
        related_product_id: related,
      })),
    );
  }
  await db('product_bundle_components').insert(
    components.map(([component, quantity], position) => ({
      tenant_id: tenantId,
      product_id: bundleId,
      component_product_id: component,
      quantity,
      position,
    })),
  );
}
