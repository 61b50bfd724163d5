import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '../../shared/config';
import { createLogger } from '../../shared/logger';
import { EmbeddedSearchEngine } from '../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../shared/search/embedded/snapshot/snapshot-store';
import { saveMarket, saveSite } from '../../shared/storefront-config/drafts';
import { publishConfig } from '../../shared/storefront-config/publish';
import { findSiteByCode } from '../../shared/storefront-config/site-store';
import { readCatalogue } from '../../indexer/documents/catalogue-reader';
import { isSkipped, toSearchDocument } from '../../indexer/documents/to-search-document';
import { loadRunSite } from '../../indexer/runs/run-context';
import { runIndexJob } from '../../indexer/runs/run-job';
import { listRuns } from '../../indexer/runs/sync-runs';
import type { Knex } from '../../shared/db/knex';
import { ensureServices, stopServices } from '../services/provision';
import { benchTenant } from './engine/bench-db';
import { renderIndexerSection, type Pass } from './indexer/report';
import { writeSection } from './shared/report-section';

const env = loadConfig(z.object({ BENCH_PRODUCTS: z.coerce.number().int().min(100).default(100_000), BENCH_RESEED: z.string().optional() }));

/** The bench site: two markets (both seeded price lists), published once and reused by later runs. */
async function benchSite(db: Knex, tenantId: number): Promise<number> {
  const existing = await findSiteByCode(db, tenantId, 'bench');
  if (existing !== null) return existing.id;
  const siteId = await saveSite(db, tenantId, { code: 'bench', name: 'Bench', ecomSiteId: 1 });
  const lists: { id: number; currency_code: string }[] = await db('price_lists').where({ tenant_id: tenantId, active: true }).orderBy('id').select('id', 'currency_code');
  for (const [i, list] of lists.slice(0, 2).entries()) {
    await saveMarket(db, tenantId, siteId, { code: `m${i}`, language: i === 0 ? 'sv' : 'en', currency: list.currency_code, country: i === 0 ? 'SE' : 'IE', urlTemplate: `https://m${i}.bench.example/{path}`, priceListId: list.id, isDefault: i === 0 });
  }
  await publishConfig(db, tenantId, siteId, 'bench');
  return siteId;
}

/** The ceiling: reading the catalogue and building every document, with nothing written anywhere. */
async function readAndBuild(db: Knex, tenantId: number, siteId: number): Promise<Pass> {
  const site = (await loadRunSite(db, siteId, 'published'))!;
  const started = performance.now();
  let documents = 0;
  for await (const batch of readCatalogue(db, tenantId)) for (const p of batch) if (!isSkipped(toSearchDocument(p, site.index))) documents++;
  return { label: 'catalogue read and document build only (peer)', documents, ms: performance.now() - started };
}

async function fullRun(db: Knex, siteId: number, tenantId: number, dir: string, label: string): Promise<Pass> {
  const engine = new EmbeddedSearchEngine({ aliasStore: new PgAliasStore(db), snapshots: new SnapshotStore(dir) });
  await engine.syncAliases();
  const started = performance.now();
  const outcome = await runIndexJob({ db, engine, logger: createLogger({ name: 'bench', level: 'warn' }), gateFraction: 0.5 }, { type: 'full', siteId }, { jobId: null, attempt: 1 });
  const ms = performance.now() - started;
  const [run] = await listRuns(db, { tenantId, siteId }, 1);
  if (outcome !== 'ok' || run === undefined) throw new Error(`the full run ended ${outcome}`);
  return { label, documents: run.documentCount, ms };
}

// `npm run bench:indexer`: writes the "Indexer: full run" section of docs/benchmarks.md.
async function main(): Promise<void> {
  const services = await ensureServices();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'aisle-bench-indexer-'));
  try {
    const products = env.BENCH_PRODUCTS;
    const { db, tenantId } = await benchTenant(services.databaseUrl, products, env.BENCH_RESEED === '1', console.log, `aisle_bench_indexer_${products}`);
    try {
      await db.raw('analyze');
      const siteId = await benchSite(db, tenantId);
      const passes = [await readAndBuild(db, tenantId, siteId)];
      passes.push(await fullRun(db, siteId, tenantId, dir, 'full run (slugs minted or confirmed, first index)'));
      passes.push(await fullRun(db, siteId, tenantId, dir, 'full run (a live index to gate against and keep)'));
      const body = renderIndexerSection({ products, passes, load: os.loadavg()[0] ?? 0, cores: os.cpus().length, date: new Date().toISOString().slice(0, 10) });
      await writeSection(body);
      console.log(body);
    } finally {
      await db.destroy();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    await stopServices(services.started);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
