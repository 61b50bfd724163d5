import type { Db } from '../../../shared/db/knex';
import { applyKeyset, toPage, type Keyset, type Page } from '../paging/keyset';
import type { AppliedPageSize } from '../paging/page-size';
import type { VendorPriceDto, VendorPricesQuery } from './schemas';

type VendorPriceRow = {
  product_id: number;
  product_number: string;
  vendor_id: number;
  vendor_name: string;
  supplier_product_number: string;
  price: string;
  currency_code: string;
  lead_time_days: number | null;
  valid_from: Date | null;
  valid_to: Date | null;
};

/** Newest price first: ids follow creation order. */
const KEYSET: Keyset = ['vp.id'];

type Filters = VendorPricesQuery & { productId: number };

/** One page of a product's vendor prices in the tenant. */
export async function listVendorPrices(
  db: Db,
  tenantId: number,
  filters: Filters,
  page: AppliedPageSize,
): Promise<Page<VendorPriceDto>> {
  const query = db('vendor_prices as vp')
    .join('products as p', (j) => j.on('p.tenant_id', 'vp.tenant_id').andOn('p.id', 'vp.product_id'))
    .join('vendors as v', (j) => j.on('v.tenant_id', 'vp.tenant_id').andOn('v.id', 'vp.vendor_id'))
    .where('vp.tenant_id', tenantId)
    .andWhere('vp.product_id', filters.productId)
    .select(
      'vp.product_id',
      'p.product_number',
      'vp.vendor_id',
      'v.name as vendor_name',
      'vp.supplier_product_number',
      'vp.price',
      'vp.currency_code',
      'vp.lead_time_days',
      'vp.valid_from',
      'vp.valid_to',
    );
  if (filters.supplierId !== undefined) query.where('vp.vendor_id', filters.supplierId);
  if (filters.currencyCode !== undefined) query.where('vp.currency_code', filters.currencyCode);
  if (filters.validAt !== undefined) {
    const at = filters.validAt.at;
    query.where((w) => w.whereNull('vp.valid_from').orWhere('vp.valid_from', '<=', at));
    query.where((w) => w.whereNull('vp.valid_to').orWhere('vp.valid_to', '>=', at));
  }
  const rows: VendorPriceRow[] = await applyKeyset(query, KEYSET, { cursor: filters.cursor, size: page.size });
  return toPage(rows, KEYSET, page, (r) => ({
    productId: r.product_id,
    productNumber: r.product_number,
    supplierId: r.vendor_id,
    supplierName: r.vendor_name,
    supplierProductNumber: r.supplier_product_number,
    price: Number(r.price),
    currencyIsoCode: r.currency_code,
    leadTimeDays: r.lead_time_days,
    validFrom: r.valid_from?.toISOString() ?? null,
    validTo: r.valid_to?.toISOString() ?? null,
  }));
}
