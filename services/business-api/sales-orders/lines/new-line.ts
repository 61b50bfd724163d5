import type { Db } from '../../../../shared/db/knex';
import { badRequest } from '../../../../shared/errors';
import type { SalesDocument } from '../lookup';
import type { SalesOrderLineAddDto } from './line-schemas';

type Product = { id: number; product_number: string; name: string };
type ListPrice = { amount: string; vat_rate: string; prices_include_vat: boolean };

/** The columns of a new line, before its sums are computed. */
export type NewLine = {
  product_id: number | null;
  product_number: string;
  description: string;
  quantity: number;
  price: number | string;
  discount_percent: number;
  vat_rate: number | string;
  warehouse_id: number | null;
  date_delivery: string | Date | null;
};

const refuse = (message: string) => badRequest('bad_request', message);

/** A price list amount as a price excluding VAT, at the column's four decimals. */
export const exVatPrice = (p: ListPrice): string =>
  p.prices_include_vat ? (Number(p.amount) / (1 + Number(p.vat_rate) / 100)).toFixed(4) : p.amount;

/**
 * A new line's values: what the body says, else the product's number and name, and its price and VAT rate in
 * the order's price list (VAT 0 on reverse-charge and export orders). 400 `bad_request` when a product or
 * warehouse is unknown, or no price or VAT rate can be found.
 */
export async function resolveNewLine(
  db: Db,
  tenantId: number,
  doc: SalesDocument,
  body: SalesOrderLineAddDto,
): Promise<NewLine> {
  const product = body.productId === undefined ? undefined : await findProduct(db, tenantId, body.productId);
  if (body.warehouseId !== undefined) await requireWarehouse(db, tenantId, body.warehouseId);
  const listPrice =
    product && doc.price_list_id !== null
      ? await findListPrice(db, tenantId, doc.price_list_id, product.id)
      : undefined;
  const price = body.price ?? (listPrice && exVatPrice(listPrice));
  if (price === undefined) throw refuse("No price for this product in the order's price list; send price.");
  const zeroRated = await isZeroRated(db, tenantId, doc.vat_type_id);
  const vatRate = body.vatRate ?? (zeroRated ? 0 : listPrice?.vat_rate);
  if (vatRate === undefined) throw refuse('No VAT rate for this line; send vatRate.');
  return {
    product_id: product?.id ?? null,
    product_number: body.productNumber ?? product?.product_number ?? '',
    description: body.description ?? product?.name ?? '',
    quantity: body.quantity,
    price,
    discount_percent: body.discountPercent ?? 0,
    vat_rate: vatRate,
    warehouse_id: body.warehouseId ?? null,
    date_delivery: body.dateDelivery ?? doc.date_delivery,
  };
}

async function findProduct(db: Db, tenantId: number, id: number): Promise<Product> {
  const product = (await db('products').where({ tenant_id: tenantId, id }).first('id', 'product_number', 'name')) as
    | Product
    | undefined;
  if (!product) throw refuse(`Product ${id} does not exist.`);
  return product;
}

export async function requireWarehouse(db: Db, tenantId: number, id: number): Promise<void> {
  if (!(await db('warehouses').where({ tenant_id: tenantId, id }).first('id')))
    throw refuse(`Warehouse ${id} does not exist.`);
}

async function findListPrice(
  db: Db,
  tenantId: number,
  priceListId: number,
  productId: number,
): Promise<ListPrice | undefined> {
  return (await db('prices as p')
    .join('price_lists as pl', (j) => j.on('pl.tenant_id', 'p.tenant_id').andOn('pl.id', 'p.price_list_id'))
    .where({ 'p.tenant_id': tenantId, 'p.price_list_id': priceListId, 'p.product_id': productId })
    .first('p.amount', 'p.vat_rate', 'pl.prices_include_vat')) as ListPrice | undefined;
}

async function isZeroRated(db: Db, tenantId: number, vatTypeId: number | null): Promise<boolean> {
  if (vatTypeId === null) return false;
  const row = (await db('vat_types').where({ tenant_id: tenantId, id: vatTypeId }).first('reverse_charge', 'export')) as
    | { reverse_charge: boolean; export: boolean }
    | undefined;
  return row !== undefined && (row.reverse_charge || row.export);
}
