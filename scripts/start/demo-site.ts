import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Knex } from '../../shared/db/knex';
import type { OnPublished } from '../../shared/storefront-config/publish';
import { saveFacet, saveMarket, saveSite } from '../../shared/storefront-config/drafts';
import { createKey, findActiveKey } from '../../shared/storefront-config/keys';
import { publishConfig } from '../../shared/storefront-config/publish';
import { findSiteByCode } from '../../shared/storefront-config/site-store';
import { DEMO_TENANT } from './demo';

export const DEMO_SITE = 'demo';

const keyFileSchema = z.object({ siteId: z.number(), key: z.string() });
export type DemoSiteKey = z.infer<typeof keyFileSchema>;

/** The demo shop's config: Sweden in Swedish and SEK (the default), Europe in English and EUR. */
async function createDemoSite(db: Knex, tenantId: number): Promise<number> {
  const siteId = await saveSite(db, tenantId, { code: DEMO_SITE, name: 'Aisle demo shop', ecomSiteId: 1, devOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'] });
  const lists: { id: number; currency_code: string }[] = await db('price_lists').where({ tenant_id: tenantId, active: true }).select('id', 'currency_code');
  const listIn = (currency: string) => lists.find((l) => l.currency_code === currency)?.id;
  await saveMarket(db, tenantId, siteId, { code: 'se', language: 'sv', currency: 'SEK', country: 'SE', urlTemplate: 'https://demo.aisle.example/se/{path}', priceListId: listIn('SEK'), isDefault: true });
  await saveMarket(db, tenantId, siteId, { code: 'eu', language: 'en', currency: 'EUR', country: 'IE', urlTemplate: 'https://demo.aisle.example/eu/{path}', priceListId: listIn('EUR'), isDefault: false, brandUrlPattern: '/brands/{slug}' });
  await saveFacet(db, tenantId, siteId, 'brand', { source: { kind: 'brand' }, type: 'list', label: { en: 'Brand', sv: 'Märke' }, searchable: true, position: 1 });
  return siteId;
}

/**
 * The demo tenant's storefront: created and published on the first start (which queues its first full run),
 * with a publishable key. The database keeps only the key's hash; the raw key is kept for this machine's
 * developer in `<dataDir>/demo-storefront-key.json` (mode 0600) and reused while it is live.
 */
export async function ensureDemoSite(db: Knex, dataDir: string, onPublished: OnPublished): Promise<DemoSiteKey> {
  const tenant = await db('tenants').where({ code: DEMO_TENANT }).first<{ id: number }>('id');
  const file = path.join(dataDir, 'demo-storefront-key.json');
  let site = await findSiteByCode(db, tenant.id, DEMO_SITE);
  if (site === null) await createDemoSite(db, tenant.id);
  site ??= await findSiteByCode(db, tenant.id, DEMO_SITE);
  const siteId = site!.id;
  const saved = keyFileSchema.safeParse(await readFile(file, 'utf8').then(JSON.parse, () => null));
  if (saved.success && saved.data.siteId === siteId && (await findActiveKey(db, saved.data.key)) !== null) return saved.data;
  const { raw } = await createKey(db, tenant.id, siteId, 'publishable', 'npm start demo');
  await publishConfig(db, tenant.id, siteId, site?.publishedVersion === null ? 'demo shop' : 'demo key', onPublished);
  const demo = { siteId, key: raw };
  await writeFile(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  await chmod(file, 0o600);
  return demo;
}
