import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '../../shared/config';
import { createLogger } from '../../shared/logger';
import { EmbeddedSearchEngine } from '../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../shared/search/embedded/snapshot/snapshot-store';
import { readCatalogue } from '../../indexer/documents/catalogue-reader';
import { isSkipped, toSearchDocument } from '../../indexer/documents/to-search-document';
import { loadRunSite } from '../../indexer/runs/run-context';
import { runIndexJob } from '../../indexer/runs/run-job';
import { listRuns } from '../../indexer/runs/sync-runs';
import type { Knex } from '../../shared/db/knex';
import { ensureServices, stopServices } from '../services/provision';
import { benchSite, catalogueBenchTenant } from './shared/bench-site';
import { renderIndexerSection, type Pass } from './indexer/report';
import { writeSection } from './shared/report-section';

const env = loadConfig(
  z.object({ BENCH_PRODUCTS: z.coerce.number().int().min(100).default(100_000), BENCH_RESEED: z.string().optional() }),
);

/** The ceiling: reading the catalogue and building every document, with nothing written anywhere. */
async function readAndBuild(db: Knex, tenantId: number, siteId: number): Promise<Pass> {
  const site = await loadRunSite(db, siteId, 'published');
  if (site === null) throw new Error(`site ${siteId} has no published configuration to index`);
  const started = performance.now();
  let documents = 0;
  for await (const batch of readCatalogue(db, tenantId))
    for (const p of batch) if (!isSkipped(toSearchDocument(p, site.index))) documents++;
  return { label: 'catalogue read and document build only (peer)', documents, ms: performance.now() - started };
}

async function fullRun(db: Knex, siteId: number, tenantId: number, dir: string, label: string): Promise<Pass> {
  const engine = new EmbeddedSearchEngine({ aliasStore: new PgAliasStore(db), snapshots: new SnapshotStore(dir) });
  await engine.syncAliases();
  const started = performance.now();
  const outcome = await runIndexJob(
    { db, engine, logger: createLogger({ name: 'bench', level: 'warn' }), gateFraction: 0.5 },
    { type: 'full', siteId },
    { jobId: null, attempt: 1 },
  );
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
    const { db, tenantId } = await catalogueBenchTenant(services.databaseUrl, products, env.BENCH_RESEED === '1');
    try {
      await db.raw('analyze');
      const { siteId } = await benchSite(db, tenantId);
      const passes = [await readAndBuild(db, tenantId, siteId)];
      // A site's first run mints every slug; later runs confirm them. The bench site's slugs are cleared to time both.
      await db('storefront_slugs').where({ site_id: siteId }).whereIn('entity_type', ['product', 'brand']).delete();
      passes.push(await fullRun(db, siteId, tenantId, dir, 'full run (every slug minted, first index)'));
      passes.push(
        await fullRun(db, siteId, tenantId, dir, 'full run (slugs confirmed, a live index to gate against and keep)'),
      );
      const body = renderIndexerSection({
        products,
        passes,
        load: os.loadavg()[0] ?? 0,
        cores: os.cpus().length,
        date: new Date().toISOString().slice(0, 10),
      });
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
