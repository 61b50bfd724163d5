import type { Knex } from '../../../shared/db/knex';
import { saveMarket, saveSite } from '../../../shared/storefront-config/drafts';
import { createKey } from '../../../shared/storefront-config/keys';
import { publishConfig } from '../../../shared/storefront-config/publish';
import { findSiteByCode } from '../../../shared/storefront-config/site-store';
import { benchTenant, type BenchTenant } from '../engine/bench-db';

/** The database the catalogue benches share: one seeded tenant per size, seeded once and reused. */
export const catalogueBenchDatabase = (products: number) => `aisle_bench_catalogue_${products}`;

export async function catalogueBenchTenant(baseUrl: string, products: number, reseed: boolean): Promise<BenchTenant> {
  return benchTenant(baseUrl, products, reseed, console.log, catalogueBenchDatabase(products));
}

/**
 * The bench site (two markets over both seeded price lists, m0 in Swedish and SEK the default), published with a
 * secret key; created once and reused. Returns its id and a fresh secret key.
 */
export async function benchSite(db: Knex, tenantId: number): Promise<{ siteId: number; secretKey: string }> {
  let siteId = (await findSiteByCode(db, tenantId, 'bench'))?.id;
  if (siteId === undefined) {
    siteId = await saveSite(db, tenantId, { code: 'bench', name: 'Bench', ecomSiteId: 1 });
    const lists: { id: number; currency_code: string }[] = await db('price_lists')
      .where({ tenant_id: tenantId, active: true })
      .orderBy('id')
      .select('id', 'currency_code');
    for (const [i, list] of lists.slice(0, 2).entries()) {
      await saveMarket(db, tenantId, siteId, {
        code: `m${i}`,
        language: i === 0 ? 'sv' : 'en',
        currency: list.currency_code,
        country: i === 0 ? 'SE' : 'IE',
        urlTemplate: `https://m${i}.bench.example/{path}`,
        priceListId: list.id,
        isDefault: i === 0,
      });
    }
  }
  const { raw } = await createKey(db, tenantId, siteId, 'secret', 'bench');
  await publishConfig(db, tenantId, siteId, 'bench');
  return { siteId, secretKey: raw };
}
