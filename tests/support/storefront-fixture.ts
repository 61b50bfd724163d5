import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from '../../shared/db/knex';
import { createLogger } from '../../shared/logger';
import { EmbeddedSearchEngine } from '../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../shared/search/embedded/snapshot/snapshot-store';
import { saveMarket, saveSite } from '../../shared/storefront-config/drafts';
import { publishConfig } from '../../shared/storefront-config/publish';
import type { RunDeps } from '../../indexer/runs/run-context';
import { runIndexJob } from '../../indexer/runs/run-job';
import { seedTenant } from '../../scripts/seed/seed-tenant';
import { createKey } from '../../shared/storefront-config/keys';
import type { SearchEngine } from '../../shared/search';
import { createElasticsearchTestEngine, type EngineKind, type TestEngine } from './test-engines';

/** The tenant's first two active price lists in different currencies (the seed makes SEK and EUR lists). */
export async function twoPriceLists(db: Knex, tenantId: number): Promise<{ id: number; currency: string }[]> {
  const lists: { id: number; currency: string }[] = await db('price_lists')
    .where({ tenant_id: tenantId, active: true })
    .orderBy('id')
    .select('id', { currency: 'currency_code' });
  const byCurrency = new Map(lists.map((l) => [l.currency, l]));
  return [...byCurrency.values()].slice(0, 2);
}

/** A published site with two markets (`m1` in English, the default, and `m2` in Swedish). Returns its id. */
export async function publishTwoMarketSite(db: Knex, tenantId: number, code = 'shop'): Promise<number> {
  const siteId = await saveSite(db, tenantId, {
    code,
    name: 'Test shop',
    ecomSiteId: 1,
    devOrigins: ['http://localhost:5173'],
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
    });
  }
  await publishConfig(db, tenantId, siteId, 'first');
  return siteId;
}

export type EmbeddedTestEngine = TestEngine & {
  engine: EmbeddedSearchEngine;
  dir: string;
  reopen: () => EmbeddedSearchEngine;
};

/** An embedded engine with its aliases in the test database and snapshots in a temporary directory. */
export async function createTestEngine(db: Knex): Promise<EmbeddedTestEngine> {
  const dir = await mkdtemp(path.join(tmpdir(), 'aisle-index-'));
  const reopen = () =>
    new EmbeddedSearchEngine({ aliasStore: new PgAliasStore(db), snapshots: new SnapshotStore(dir) });
  return { engine: reopen(), dir, reopen, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export function runDeps(db: Knex, engine: SearchEngine, extra: Partial<RunDeps> = {}): RunDeps {
  return {
    db,
    engine,
    logger: createLogger({ name: 'test', level: 'silent' }),
    gateFraction: 0.5,
    batchSize: 100,
    ...extra,
  };
}

/** The engine of a kind for one test file (test-engines.ts). */
export function createEngineOf(kind: EngineKind, db: Knex): Promise<TestEngine> {
  return kind === 'embedded' ? createTestEngine(db) : Promise.resolve(createElasticsearchTestEngine());
}

/** A seeded tenant with a published, indexed two-market site and one key of each kind. */
export interface IndexedShop<E extends TestEngine = EmbeddedTestEngine> {
  tenantId: number;
  siteId: number;
  keys: { publishable: string; preview: string; secret: string };
  engine: E;
}

export async function indexedShop<E extends TestEngine = EmbeddedTestEngine>(
  db: Knex,
  options: {
    tenant: string;
    products: number;
    seed: number;
    configure?: (siteId: number, tenantId: number) => Promise<void>;
    /** For the first full and preview runs (a media pipeline, say). */
    runDeps?: Partial<RunDeps>;
    /** Shared with other shops one app answers for, or of another kind; default an embedded engine of the shop's own. */
    engine?: E;
  },
): Promise<IndexedShop<E>> {
  const tenantId = (
    await seedTenant(db, {
      tenant: options.tenant,
      products: options.products,
      orders: 0,
      seed: options.seed,
      asOf: new Date('2025-06-01T00:00:00Z'),
      analyze: false,
    })
  ).tenantId;
  const siteId = await publishTwoMarketSite(db, tenantId);
  await options.configure?.(siteId, tenantId);
  const keys = {
    publishable: (await createKey(db, tenantId, siteId, 'publishable', 'web')).raw,
    preview: (await createKey(db, tenantId, siteId, 'preview', 'editor')).raw,
    secret: (await createKey(db, tenantId, siteId, 'secret', 'server')).raw,
  };
  await publishConfig(db, tenantId, siteId, 'keys');
  // Shops that one app answers for share an engine (its snapshots are per engine); the first one's cleanup removes it.
  // Without `engine`, E is its default (EmbeddedTestEngine).
  const engine = options.engine ?? ((await createTestEngine(db)) as TestEngine as E);
  for (const type of ['full', 'preview'] as const) {
    const outcome = await runIndexJob(
      runDeps(db, engine.engine, options.runDeps),
      { type, siteId },
      { jobId: null, attempt: 1 },
    );
    if (outcome !== 'ok') throw new Error(`${type} run ended ${outcome}`);
  }
  return { tenantId, siteId, keys, engine };
}
