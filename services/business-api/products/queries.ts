import type { Db } from '../../../shared/db/knex';
import { containsPattern, prefixPattern } from '../../../shared/db/like';
import type { ProductFindDto } from './schemas';

type ProductRow = { id: number; product_number: string; name: string; barcode: string | null; is_active: boolean };

/**
 * Products of the tenant matching `q`, best first: exact product number or barcode, then product numbers
 * starting with q, then product numbers or names containing it (case ignored); ties by product number.
 */
export async function findProducts(db: Db, tenantId: number, q: string, limit: number): Promise<ProductFindDto[]> {
  const lower = q.toLowerCase();
  const pattern = containsPattern(lower);
  const rows: ProductRow[] = await db('products')
    .select('id', 'product_number', 'name', 'barcode', 'is_active')
    .where('tenant_id', tenantId)
    .andWhere((w) =>
      w
        .where('barcode', q)
        .orWhereRaw('lower(product_number) like ?', [pattern])
        .orWhereRaw('lower(name) like ?', [pattern]),
    )
    .orderByRaw(
      `case when lower(product_number) = ? or barcode = ? then 0 when lower(product_number) like ? then 1 else 2 end`,
      [lower, q, prefixPattern(lower)],
    )
    .orderBy('product_number')
    .limit(limit);
  return rows.map((r) => ({
    productId: r.id,
    productNumber: r.product_number,
    description: r.name,
    barcode: r.barcode,
    isActive: r.is_active,
  }));
}
