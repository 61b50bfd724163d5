import os from 'node:os';
import { createDb, migrateLatest, type Knex } from '../../shared/db/knex';
import { suggestMatches } from '../../services/business-api/purchase-invoice-matches/scoring/suggest';
import { computeSuggestions } from '../../services/business-api/purchase-invoice-matches/suggestions';
import { loadDraft } from '../../services/business-api/purchase-invoice-matches/store/drafts';
import { loadOpenReceipts } from '../../services/business-api/purchase-invoice-matches/store/receipts';
import { loadTolerances } from '../../services/business-api/purchase-invoice-matches/store/tolerances';
import { ensureServices, stopServices } from '../services/provision';
import { INVOICE_LINES, RECEIPTS, createBenchData } from './matching/data';
import { dropBenchDatabase, ensureBenchDatabase } from './shared/bench-database';
import { writeSection } from './shared/report-section';
import { timeRuns } from './shared/timing';

const BENCH_DB = 'aisle_bench_matching';
const RUNS = 100;
const WARMUP = 10;

async function withBenchDb<T>(baseUrl: string, fn: (db: Knex) => Promise<T>): Promise<T> {
  const db = createDb(await ensureBenchDatabase(baseUrl, BENCH_DB, { fresh: true }), { pool: { min: 0, max: 4 } });
  try {
    await migrateLatest(db);
    return await fn(db);
  } finally {
    await db.destroy();
    await dropBenchDatabase(baseUrl, BENCH_DB);
  }
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

async function main(): Promise<void> {
  const services = await ensureServices();
  try {
    const result = await withBenchDb(services.databaseUrl, async (db) => {
      const [{ id: tenantId }] = await db('tenants').insert({ code: 'bench', name: 'Bench' }).returning<{ id: number }[]>('id');
      const draftId = await createBenchData(db, tenantId);
      await db.raw('analyze');
      const draft = await loadDraft(db, tenantId, draftId);
      const receipts = await loadOpenReceipts(db, tenantId, draft.vendorId);
      const tolerances = await loadTolerances(db, tenantId);
      const candidates = suggestMatches(draft, receipts, tolerances).reduce((n, s) => n + s.candidates.length, 0);
      const scorer = await timeRuns(() => suggestMatches(draft, receipts, tolerances), { runs: RUNS, warmup: WARMUP });
      const endToEnd = await timeRuns(() => computeSuggestions(db, tenantId, draftId), { runs: RUNS, warmup: WARMUP });
      return { receipts: receipts.length, lines: draft.lines.length, candidates, scorer, endToEnd, load: os.loadavg()[0] };
    });
    const body = [
      '## Purchase-invoice matching',
      '',
      `Command: \`npm run bench:matching\`. Machine: ${os.cpus().length} cores, Node ${process.version}. Run: ${new Date().toISOString().slice(0, 10)};`,
      `1-minute load average at the end of the run: ${result.load.toFixed(1)} (timings on a busy machine are higher).`,
      '',
      `Suggestions (GET /purchase-invoice-matches/{invoiceId}, uncached) for a ${result.lines}-line invoice against ${result.receipts} open receipts of its vendor`,
      `(${RUNS} sequential runs after ${WARMUP} warm-up runs; ${result.candidates} candidates returned). Target: median under 200 ms.`,
      '',
      '| What | median (ms) | p99 (ms) |',
      '| --- | --- | --- |',
      `| Load from PostgreSQL + score (what a cache miss costs) | ${fmt(result.endToEnd.median)} | ${fmt(result.endToEnd.p99)} |`,
      `| Scorer only (pure, data in memory) | ${fmt(result.scorer.median)} | ${fmt(result.scorer.p99)} |`,
      '',
      `Data: scripts/bench/matching/data.ts (deterministic): ${RECEIPTS} receipts over 1,000 products, 30% of purchase-order lines received in two parts,`,
      `${INVOICE_LINES} invoice lines, 20% with quantity or price a little off, 30% without product number, 10% without vendor SKU.`,
      '',
    ].join('\n');
    await writeSection(body);
    console.log(body);
  } finally {
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
