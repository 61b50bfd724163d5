import type { Db } from '../../../shared/db/knex';
import { applyKeyset, toPage, type Keyset, type Page } from '../paging/keyset';
import type { AppliedPageSize } from '../paging/page-size';
import type { WarehouseStockQuery, WarehouseStockRowDto } from './schemas';

type StockRow = {
  product_id: number;
  product_number: string;
  warehouse_name: string;
  location_name: string;
  qty_in_stock: string;
  qty_incoming: string;
  qty_outgoing: string;
  qty_distributable: string;
};

/** Stock rows are unique per (product, warehouse, location): the primary key serves the keyset. */
const KEYSET: Keyset = ['s.product_id', 's.warehouse_id', 's.location_id'];

/** One page of the tenant's stock rows; `qty_distributable` is computed in SQL, exactly, on numeric values. */
export async function listWarehouseStock(
  db: Db,
  tenantId: number,
  filters: WarehouseStockQuery,
  page: AppliedPageSize,
): Promise<Page<WarehouseStockRowDto>> {
  const query = db('stock as s')
    .join('products as p', (j) => j.on('p.tenant_id', 's.tenant_id').andOn('p.id', 's.product_id'))
    .join('warehouses as w', (j) => j.on('w.tenant_id', 's.tenant_id').andOn('w.id', 's.warehouse_id'))
    .join('locations as l', (j) => j.on('l.tenant_id', 's.tenant_id').andOn('l.id', 's.location_id'))
    .where('s.tenant_id', tenantId)
    .select(
      's.product_id',
      'p.product_number',
      'w.name as warehouse_name',
      'l.name as location_name',
      's.qty_in_stock',
      's.qty_incoming',
      's.qty_outgoing',
      db.raw('s.qty_in_stock - s.qty_outgoing + s.qty_incoming as qty_distributable'),
    );
  if (filters.productId !== undefined) query.where('s.product_id', filters.productId);
  if (filters.warehouseId !== undefined) query.where('s.warehouse_id', filters.warehouseId);
  if (filters.locationId !== undefined) query.where('s.location_id', filters.locationId);
  const rows: StockRow[] = await applyKeyset(query, KEYSET, { cursor: filters.cursor, size: page.size });
  return toPage(rows, KEYSET, page, (r) => ({
    productId: r.product_id,
    productNumber: r.product_number,
    warehouseName: r.warehouse_name,
    locationName: r.location_name,
    qtyInStock: Number(r.qty_in_stock),
    qtyIncoming: Number(r.qty_incoming),
    qtyOutgoing: Number(r.qty_outgoing),
    qtyDistributable: Number(r.qty_distributable),
  }));
}
