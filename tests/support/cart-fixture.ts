import request from 'supertest';
import type { RequestListener } from 'node:http';
import type { Knex } from '../../shared/db/knex';
import { createKey } from '../../shared/storefront-config/keys';
import { publishConfig } from '../../shared/storefront-config/publish';
import { publishTwoMarketSite } from './storefront-fixture';

/** A SKU the API itself says is sold and in stock on the default market, with its variant (product row) id. */
export interface SellableSku {
  sku: string;
  variantId: number;
  productId: string;
  stock: number;
}

type DetailVariant = { id: string; sku: string; inStock: boolean; stock: string; price: unknown };

/** At least `count` SKUs sold with at least `minStock` units, found the way a shop would: listing, then detail. */
export async function sellableSkus(
  app: RequestListener,
  key: string,
  count: number,
  minStock = 3,
): Promise<SellableSku[]> {
  const out: SellableSku[] = [];
  for (let page = 1; out.length < count && page <= 20; page++) {
    const items = (
      await request(app).get(`/v1/products?pageSize=100&page=${page}&sort=name_asc`).set('X-Site-Key', key)
    ).body.items as { id: string; inStock: boolean }[] | undefined;
    if (items === undefined || items.length === 0) break;
    for (const item of items.filter((i) => i.inStock)) {
      const detail = (await request(app).get(`/v1/products/${item.id}`).set('X-Site-Key', key)).body as {
        variants: DetailVariant[] | null;
      };
      for (const v of detail.variants ?? []) {
        if (v.inStock && v.price !== null && Number(v.stock) >= minStock)
          out.push({ sku: v.sku, variantId: Number(v.id), productId: item.id, stock: Math.floor(Number(v.stock)) });
      }
      if (out.length >= count) break;
    }
  }
  if (out.length < count) throw new Error(`only ${out.length} sellable SKUs, wanted ${count}`);
  return out;
}

/** A second published site of the same tenant with its own publishable key. */
export async function secondSiteKey(db: Knex, tenantId: number): Promise<string> {
  const siteId = await publishTwoMarketSite(db, tenantId, 'other-shop');
  const key = (await createKey(db, tenantId, siteId, 'secret', 'other')).raw;
  await publishConfig(db, tenantId, siteId, 'keys');
  return key;
}

/** Units available of a product row now (all stock rows), set to exactly `units` by moving the outgoing quantity. */
export async function setAvailable(db: Knex, tenantId: number, productId: number, units: number): Promise<void> {
  await db.raw('update stock set qty_outgoing = qty_in_stock where tenant_id = ? and product_id = ?', [
    tenantId,
    productId,
  ]);
  await db.raw(
    `update stock set qty_outgoing = qty_in_stock - ? where tenant_id = ? and product_id = ?
       and (warehouse_id, location_id) = (select warehouse_id, location_id from stock where tenant_id = ? and product_id = ? order by warehouse_id, location_id limit 1)`,
    [units, tenantId, productId, tenantId, productId],
  );
}
