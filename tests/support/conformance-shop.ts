import os from 'node:os';
import path from 'node:path';
import type { StorefrontApp } from '../../services/storefront-api/app';
import { createApp } from '../../services/storefront-api/app';
import { createDb, type Knex } from '../../shared/db/knex';
import { createLogger } from '../../shared/logger';
import { mediaReader } from '../../shared/media/site-media';
import type { SearchEngine } from '../../shared/search';
import type { SearchRecorder } from '../../shared/search-analytics/search-fact';
import { SearchEngineError } from '../../shared/search/errors';
import { ConfigRegistry } from '../../shared/storefront-config/config-registry';
import { saveCollection, saveFacet, saveMarket, saveQueryRule, saveSite } from '../../shared/storefront-config/drafts';
import { createKey } from '../../shared/storefront-config/keys';
import { publishConfig } from '../../shared/storefront-config/publish';
import { loadTenantFacts } from '../../indexer/documents/site-config';
import { addDetailProducts, linkProducts, type DetailProducts } from './detail-products';
import { createStorefrontTestApp, ERRORS_DOC_URL } from './storefront-api';
import { indexedShop, publishTwoMarketSite, twoPriceLists, type IndexedShop } from './storefront-fixture';
import { storefrontConformance, type StorefrontConformance } from './storefront-openapi';
import { createTestDb, type TestDb } from './test-db';
import { createTestRedis, type TestRedis } from './test-redis';

// The shop the conformance tests answer from: facets of every type, collections, query rules, brand pages on both
// markets, products with many variants, plus a published site whose first build never ran and an inactive one.

/** The routes conformance.int.test.ts covers; conformance-catalogue.int.test.ts covers every other documented one. */
export const LISTING_TEMPLATES = ['/v1/site', '/v1/products', '/v1/search/suggest', '/v1/products/facets/{key}'];

/** The path template of a `<template> <status>` pair. */
export const templateOfPair = (pair: string) => pair.slice(0, pair.lastIndexOf(' '));

/** The engine with `search` replaced: the fault a route answers 500 (a bug) or 503 (an engine down) for. */
export function engineFailing(engine: SearchEngine, how: 'fault' | 'unavailable'): SearchEngine {
  const error = () =>
    how === 'fault' ? new Error('engine fault') : new SearchEngineError('UNAVAILABLE', 'engine down');
  return new Proxy(engine, {
    get(target, property) {
      if (property === 'search') return () => Promise.reject(error());
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export interface ConformanceShop {
  t: TestDb;
  shop: IndexedShop;
  made: DetailProducts;
  brand: { id: number; slug: string };
  app: StorefrontApp;
  doc: StorefrontConformance;
  keys: { unbuilt: string; inactive: string };
  /** Another app on the same database: registry, engine, limiter Redis or database replaced, or searches recorded. */
  appWith: (parts: {
    registry?: ConfigRegistry;
    engine?: SearchEngine;
    limiterRedis?: TestRedis;
    db?: Knex;
    recordSearch?: SearchRecorder;
  }) => Promise<StorefrontApp>;
  /** A database that refuses every connection (PostgreSQL down: 503). */
  downDb: () => Knex;
  /** A database whose every query fails for a reason other than an outage (it does not exist: a fault, 500). */
  faultyDb: () => Knex;
  cleanup: () => Promise<void>;
}

async function configure(db: Knex, siteId: number, tenantId: number): Promise<void> {
  const everything = await saveCollection(db, tenantId, siteId, {
    slugs: { en: 'everything', sv: 'allt' },
    names: { en: 'Everything', sv: 'Allt' },
    filter: { all: [] },
  });
  await saveQueryRule(db, tenantId, siteId, {
    query: 'returns',
    target: { kind: 'url', url: 'https://m1.shop.example/returns' },
  });
  await saveQueryRule(db, tenantId, siteId, {
    query: 'everything',
    target: { kind: 'collection', collectionId: everything },
  });
  const axis = (await loadTenantFacts(db, tenantId)).optionAxes[0];
  await saveFacet(db, tenantId, siteId, 'brand', {
    source: { kind: 'brand' },
    type: 'list',
    searchable: true,
    help: { en: 'Who makes it' },
    position: 1,
  });
  if (axis === undefined) throw new Error('the seed has no option axis for a swatch facet');
  await saveFacet(db, tenantId, siteId, 'look', {
    source: { kind: 'option', option: axis },
    type: 'swatch',
    searchable: true,
    position: 2,
  });
  await saveFacet(db, tenantId, siteId, 'category', {
    source: { kind: 'category', rootId: null },
    type: 'hierarchy',
    collapsed: true,
    position: 3,
  });
  const lists = await twoPriceLists(db, tenantId);
  for (const [i, list] of lists.entries()) {
    await saveMarket(db, tenantId, siteId, {
      code: `m${i + 1}`,
      language: i === 0 ? 'en' : 'sv',
      currency: list.currency,
      country: i === 0 ? 'IE' : 'SE',
      urlTemplate: `https://m${i + 1}.shop.example/{path}`,
      priceListId: list.id,
      isDefault: i === 0,
      brandUrlPattern: '/b/{slug}',
    });
  }
}

/** A published site whose first index run has not happened, and one whose only market is inactive; their keys. */
async function brokenSites(db: Knex, tenantId: number): Promise<{ unbuilt: string; inactive: string }> {
  const unbuilt = await publishTwoMarketSite(db, tenantId, 'unbuilt');
  const unbuiltKey = (await createKey(db, tenantId, unbuilt, 'publishable', 'web')).raw;
  await publishConfig(db, tenantId, unbuilt, 'key');
  const inactive = await saveSite(db, tenantId, { code: 'closed', name: 'Closed shop', ecomSiteId: 1, devOrigins: [] });
  const [list] = await twoPriceLists(db, tenantId);
  await saveMarket(db, tenantId, inactive, {
    code: 'x',
    language: 'en',
    currency: list!.currency,
    country: 'IE',
    urlTemplate: 'https://closed.example/{path}',
    priceListId: list!.id,
    isDefault: true,
  });
  const inactiveKey = (await createKey(db, tenantId, inactive, 'publishable', 'web')).raw;
  await publishConfig(db, tenantId, inactive, 'closed');
  // Validation keeps the default market active, so a shop with every market inactive is made in the stored version.
  await db.raw(
    `update storefront_config_versions set config = jsonb_set(config::jsonb, '{markets,0,active}', 'false') where site_id = ?`,
    [inactive],
  );
  return { unbuilt: unbuiltKey, inactive: inactiveKey };
}

/** The shop; `products` seeded (fewer make a faster fixture for suites that need every kind of route, not volume). */
export async function conformanceShop(tenant: string, seed: number, products = 150): Promise<ConformanceShop> {
  const t = await createTestDb();
  const r = createTestRedis();
  const redises: TestRedis[] = [r];
  const downs: Knex[] = [];
  let made: DetailProducts | undefined;
  const shop = await indexedShop(t.db, {
    tenant,
    products,
    seed,
    configure: async (siteId, tenantId) => {
      made = await addDetailProducts(t.db, tenantId);
      await linkProducts(t.db, tenantId, made.cascade, { similar: [made.huge, made.unsold] }, made.bundle, [
        [made.cascade, '2'],
        [made.unsold, '1'],
      ]);
      await configure(t.db, siteId, tenantId);
    },
  });
  const brand = await t
    .db('brands')
    .where({
      tenant_id: shop.tenantId,
      id: t.db('products').where({ tenant_id: shop.tenantId, id: made!.cascade }).select('brand_id'),
    })
    .first<{ id: number; slug: string }>('id', 'slug');
  const keys = await brokenSites(t.db, shop.tenantId);
  const { app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine });
  const appWith: ConformanceShop['appWith'] = async (parts) => {
    const registry = parts.registry ?? new ConfigRegistry(t.db);
    if (parts.registry === undefined) await registry.refresh();
    return createApp({
      db: parts.db ?? t.db,
      redis: r.redis,
      limiterRedis: (parts.limiterRedis ?? r).redis,
      logger: createLogger({ name: 'test', level: 'silent' }),
      registry,
      engine: parts.engine ?? shop.engine.engine,
      media: mediaReader(path.join(os.tmpdir(), 'aisle-no-media')),
      ...(parts.recordSearch ? { recordSearch: parts.recordSearch } : {}),
      config: {
        ERRORS_DOC_URL,
        RATE_LIMIT_WINDOW_SECONDS: 60,
        MEDIA_BASE_URL: 'http://media.test',
        MICRO_CACHE_MS: 0,
        PRODUCT_FRESHNESS_MS: 0,
        TRUST_PROXY: false,
      },
    });
  };
  const poolOn = (url: string) => {
    const db = createDb(url, { logger: createLogger({ name: 'test', level: 'silent' }) });
    downs.push(db);
    return db;
  };
  const downDb = () => poolOn('postgres://postgres@127.0.0.1:1/aisle');
  const faultyDb = () => {
    const url = new URL(t.url);
    url.pathname = '/aisle_no_such_database';
    return poolOn(url.toString());
  };
  return {
    t,
    shop,
    made: made!,
    brand,
    app,
    doc: await storefrontConformance(app),
    keys,
    appWith,
    downDb,
    faultyDb,
    cleanup: async () => {
      for (const db of downs) await db.destroy();
      await shop.engine.cleanup();
      for (const each of redises) await each.cleanup();
      await t.drop();
    },
  };
}
