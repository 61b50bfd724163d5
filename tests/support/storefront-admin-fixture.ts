import type { Response } from 'supertest';
import { seedTenant } from '../../scripts/seed/seed-tenant';
import type { Knex } from '../../shared/db/knex';
import { saveCollection, saveFacet, saveMarket, saveQueryRule, saveSite } from '../../shared/storefront-config/drafts';
import { startBusinessApi, type BusinessApiHarness } from './business-api';

/** What the admin API's matrices need beside a site: another site to remove, and a price list for market bodies. */
export type AdminDraft = { spareSite: number; priceList: { id: number; currency: string } };

/** The tenant's first active price list. */
async function firstPriceList(db: Knex, tenantId: number): Promise<AdminDraft['priceList']> {
  const list: AdminDraft['priceList'] | undefined = await db('price_lists')
    .where({ tenant_id: tenantId, active: true })
    .orderBy('id')
    .first('id', { currency: 'currency_code' });
  if (list === undefined) throw new Error(`tenant ${tenantId} has no active price list`);
  return list;
}

/** A market body of the storefront admin API on this price list (the code is in the path). */
export const marketBodyOn = (priceList: AdminDraft['priceList'], isDefault = false) => ({
  language: 'en',
  currency: priceList.currency,
  country: 'SE',
  urlTemplate: 'https://shop.example/{path}',
  priceListId: priceList.id,
  isDefault,
});

/**
 * Gives the site's draft two of each entity, so a matrix can change one and remove the other whatever the order of
 * its requests: markets `se` (the default) and `spare`, facets `brand` and `spare`, collections 1 and 2, query rules 1
 * and 2. Adds a spare site of the tenant to remove.
 */
export async function seedAdminDraft(db: Knex, tenantId: number, siteId: number): Promise<AdminDraft> {
  const priceList = await firstPriceList(db, tenantId);
  await saveMarket(db, tenantId, siteId, { ...marketBodyOn(priceList, true), code: 'se' });
  await saveMarket(db, tenantId, siteId, {
    ...marketBodyOn(priceList),
    code: 'spare',
    urlTemplate: 'https://spare.example/{path}',
  });
  for (const key of ['brand', 'spare'])
    await saveFacet(db, tenantId, siteId, key, { source: { kind: 'brand' }, type: 'list' });
  for (const n of [1, 2]) {
    await saveCollection(db, tenantId, siteId, {
      slugs: { en: `all-${n}` },
      names: { en: `All ${n}` },
      filter: { all: [] },
    });
    await saveQueryRule(db, tenantId, siteId, { query: `rule ${n}`, hide: [String(n)] });
  }
  const spareSite = await saveSite(db, tenantId, { code: 'spare-in-a', name: 'Spare', ecomSiteId: 1 });
  return { spareSite, priceList };
}

/** Two tenants with price lists and categories, on a business API of this test file's own, with their tokens. */
export type AdminWorld = {
  h: BusinessApiHarness;
  tenantA: number;
  tenantB: number;
  priceList: AdminDraft['priceList'];
  tokens: { owner: string; readOnly: string; otherTenant: string };
};

export async function startAdminWorld(name: string): Promise<AdminWorld> {
  const h = await startBusinessApi();
  const seed = (tenant: string, n: number) =>
    seedTenant(h.t.db, {
      tenant,
      products: 3,
      orders: 0,
      seed: n,
      asOf: new Date('2025-06-01T00:00:00Z'),
      analyze: false,
    });
  const tenantA = (await seed(`${name}-a`, 1)).tenantId;
  const tenantB = (await seed(`${name}-b`, 2)).tenantId;
  const priceList = await firstPriceList(h.t.db, tenantA);
  const tokens = {
    owner: await h.token(tenantA),
    readOnly: await h.token(tenantA, { access: 'read-only' }),
    otherTenant: await h.token(tenantB),
  };
  return { h, tenantA, tenantB, priceList, tokens };
}

/** The fields a ValidationProblemDetails answer names, sorted. */
export const brokenFields = (res: Response): string[] => {
  expect([res.status, res.headers['content-type']]).toEqual([
    400,
    expect.stringMatching(/^application\/problem\+json/),
  ]);
  return Object.keys(res.body.errors as Record<string, string[]>).sort();
};
