import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from '../../shared/db/knex';
import type { OnPublished } from '../../shared/storefront-config/publish';
import { saveMarket, saveSite } from '../../shared/storefront-config/drafts';
import { createKey, findActiveKey } from '../../shared/storefront-config/keys';
import { publishConfig } from '../../shared/storefront-config/publish';
import { findSiteByCode, getSite } from '../../shared/storefront-config/site-store';
import { DEMO_TENANT } from './demo';
import { upgradeDemoSite } from './demo-shop-config';
import { DEMO_KEY_FILE, readDemoKeyFile, type DemoSiteKey } from '../../services/demo-shop/site-key';

export const DEMO_SITE = 'demo';
export type { DemoSiteKey };

/** The demo site with its markets: Sweden in Swedish and SEK (the default), Europe in English and EUR. */
async function createDemoSite(db: Knex, tenantId: number): Promise<number> {
  const siteId = await saveSite(db, tenantId, {
    code: DEMO_SITE,
    name: 'Aisle demo shop',
    ecomSiteId: 1,
    devOrigins: [],
  });
  const lists: { id: number; currency_code: string }[] = await db('price_lists')
    .where({ tenant_id: tenantId, active: true })
    .select('id', 'currency_code');
  const listIn = (currency: string) => lists.find((l) => l.currency_code === currency)?.id;
  await saveMarket(db, tenantId, siteId, {
    code: 'se',
    language: 'sv',
    currency: 'SEK',
    country: 'SE',
    urlTemplate: 'https://demo.aisle.example/se/{path}',
    priceListId: listIn('SEK'),
    isDefault: true,
  });
  await saveMarket(db, tenantId, siteId, {
    code: 'eu',
    language: 'en',
    currency: 'EUR',
    country: 'IE',
    urlTemplate: 'https://demo.aisle.example/eu/{path}',
    priceListId: listIn('EUR'),
    isDefault: false,
    brandUrlPattern: '/brands/{slug}',
  });
  return siteId;
}

/** The saved key when it still works for this site, else null. */
async function savedKey(db: Knex, dataDir: string, siteId: number): Promise<DemoSiteKey | null> {
  const saved = await readDemoKeyFile(dataDir);
  return saved !== null && saved.siteId === siteId && (await findActiveKey(db, saved.key)) !== null ? saved : null;
}

/**
 * The demo tenant's storefront: created on the first start, brought up to what the demo shop needs on every start
 * (its origins, facets and collections; see upgradeDemoSite), with a publishable key, and published when anything
 * changed (which queues a full run). The database keeps only the key's hash; the raw key is kept for this
 * machine's developer (and the demo shop) in `<dataDir>/demo-storefront-key.json` (mode 0600) and reused while it is live.
 */
export async function ensureDemoSite(
  db: Knex,
  dataDir: string,
  options: { shopOrigins: readonly string[]; onPublished: OnPublished },
): Promise<DemoSiteKey> {
  const tenant = await db('tenants').where({ code: DEMO_TENANT }).first<{ id: number }>('id');
  const siteId = (await findSiteByCode(db, tenant.id, DEMO_SITE))?.id ?? (await createDemoSite(db, tenant.id));
  const site = await getSite(db, tenant.id, siteId);
  const changes = await upgradeDemoSite(db, tenant.id, siteId, site.draft, options.shopOrigins);
  const saved = await savedKey(db, dataDir, siteId);
  const demo = saved ?? { siteId, key: (await createKey(db, tenant.id, siteId, 'publishable', 'npm start demo')).raw };
  if (saved === null) changes.push('key');
  if (changes.length > 0)
    await publishConfig(
      db,
      tenant.id,
      siteId,
      site.publishedVersion === null ? 'demo shop' : `demo: ${changes.join(', ')}`,
      options.onPublished,
    );
  if (saved === null) {
    const file = path.join(dataDir, DEMO_KEY_FILE);
    await writeFile(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
    await chmod(file, 0o600);
  }
  return demo;
}
