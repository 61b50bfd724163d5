import { z } from 'zod';
import type { Db } from '../../../shared/db/knex';
import { containsPattern, prefixPattern } from '../../../shared/db/like';
import { getSite } from '../../../shared/storefront-config/site-store';
import type { SiteConfig } from '../../../shared/storefront-config/schemas';
import type { SiteScope } from './config-actions';

/**
 * Products as merchandising names them: storefront products (roots of the products table; a variant is part of its
 * product, so pinning one would do nothing), by the id the configuration keeps. The console finds products to pin or
 * hide by name or number, and reads a rule's products by name.
 */

const productDto = z
  .object({
    productId: z.string().meta({ description: 'The product id, as the configuration names it.' }),
    productNumber: z.string(),
    name: z.string().meta({ description: 'The business name of the product.' }),
    active: z.boolean(),
  })
  .meta({ id: 'StorefrontMerchandisingProductDto' });

export const merchandisedProductsDto = z
  .object({
    products: z.array(productDto).meta({ description: "The tenant's products the draft pins or hides, by id." }),
    missing: z.array(z.string()).meta({
      description: 'Ids the draft pins or hides that name no product of the tenant (removed since, or mistyped).',
    }),
  })
  .meta({ id: 'StorefrontMerchandisedProductsDto' });

export const productCandidatesQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'q is required.')
    .max(200)
    .meta({ description: 'A name, product number or barcode, or part of one.' }),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export const productCandidatesDto = z
  .object({
    products: z.array(productDto).meta({
      description:
        'Matching storefront products, best first: exact number or barcode, numbers starting with q, then the rest.',
    }),
  })
  .meta({ id: 'StorefrontMerchandisingCandidatesDto' });

type ProductRow = { id: number; product_number: string; name: string; is_active: boolean };
type ProductDto = z.infer<typeof productDto>;
const COLUMNS = ['id', 'product_number', 'name', 'is_active'];
const toDto = (r: ProductRow): ProductDto => ({
  productId: String(r.id),
  productNumber: r.product_number,
  name: r.name,
  active: r.is_active,
});

/** Product ids are PostgreSQL integers; a configured id beyond them names no product. */
const MAX_ID = 2_147_483_647;

/** Every product id the draft's rules and collections pin or hide, once each, in id order. */
function namedIds(draft: SiteConfig): string[] {
  const ids = new Set<string>();
  for (const owner of [...draft.queryRules, ...draft.collections]) {
    for (const pin of owner.pin) ids.add(pin.productId);
    for (const id of owner.hide) ids.add(id);
  }
  return [...ids].sort((a, b) => Number(a) - Number(b));
}

/** The products the site's draft pins or hides, named; ids that name none of the tenant's products apart. */
export async function merchandisedProducts(
  db: Db,
  { tenantId, siteId }: SiteScope,
): Promise<z.infer<typeof merchandisedProductsDto>> {
  const ids = namedIds((await getSite(db, tenantId, siteId)).draft);
  const lookable = ids.filter((id) => Number(id) <= MAX_ID).map(Number);
  const rows: ProductRow[] =
    lookable.length === 0
      ? []
      : await db('products').where('tenant_id', tenantId).whereIn('id', lookable).orderBy('id').select(COLUMNS);
  const found = new Set(rows.map((r) => String(r.id)));
  return { products: rows.map(toDto), missing: ids.filter((id) => !found.has(id)) };
}

/**
 * The tenant's storefront products matching `q` (as the product finder matches, variants left out), for the site's
 * rules.
 */
export async function productCandidates(
  db: Db,
  { tenantId, siteId }: SiteScope,
  q: string,
  limit: number,
): Promise<z.infer<typeof productCandidatesDto>> {
  await getSite(db, tenantId, siteId);
  const lower = q.toLowerCase();
  const pattern = containsPattern(lower);
  const rows: ProductRow[] = await db('products')
    .select(COLUMNS)
    .where('tenant_id', tenantId)
    .whereNull('parent_id')
    .andWhere((w) =>
      w
        .where('barcode', q)
        .orWhereRaw('lower(product_number) like ?', [pattern])
        .orWhereRaw('lower(name) like ?', [pattern]),
    )
    .orderByRaw(
      'case when lower(product_number) = ? or barcode = ? then 0 when lower(product_number) like ? then 1 else 2 end',
      [lower, q, prefixPattern(lower)],
    )
    .orderBy('product_number')
    .limit(limit);
  return { products: rows.map(toDto) };
}
