import os from 'node:os';
import { suggestMatches } from '../../services/business-api/purchase-invoice-matches/scoring/suggest';
import { computeSuggestions } from '../../services/business-api/purchase-invoice-matches/suggestions';
import { loadDraft } from '../../services/business-api/purchase-invoice-matches/store/drafts';
import { loadOpenReceipts } from '../../services/business-api/purchase-invoice-matches/store/receipts';
import { loadTolerances } from '../../services/business-api/purchase-invoice-matches/store/tolerances';
import type { Knex } from '../../shared/db/knex';
import { ensureServices, stopServices } from '../services/provision';
import { createBenchData } from './matching/data';
import { renderMatchingSection, type MatchingResult } from './matching/report';
import { withFreshBenchDatabase } from './shared/bench-database';
import { writeSection } from './shared/report-section';
import { timeRuns } from './shared/timing';

const BENCH_DB = 'aisle_bench_matching';
const RUNS = 100;
const WARMUP = 10;

/** Seeds the bench tenant, then times the scorer alone and a whole uncached suggestion request. */
async function measure(db: Knex): Promise<MatchingResult> {
  const [{ id: tenantId }] = await db('tenants')
    .insert({ code: 'bench', name: 'Bench' })
    .returning<{ id: number }[]>('id');
  const draftId = await createBenchData(db, tenantId);
  await db.raw('analyze');
  const draft = await loadDraft(db, tenantId, draftId);
  const receipts = await loadOpenReceipts(db, tenantId, draft.vendorId);
  const tolerances = await loadTolerances(db, tenantId);
  const candidates = suggestMatches(draft, receipts, tolerances).reduce((n, s) => n + s.candidates.length, 0);
  const scorer = await timeRuns(() => suggestMatches(draft, receipts, tolerances), { runs: RUNS, warmup: WARMUP });
  const endToEnd = await timeRuns(() => computeSuggestions(db, tenantId, draftId), { runs: RUNS, warmup: WARMUP });
  return { receipts: receipts.length, lines: draft.lines.length, candidates, scorer, endToEnd, load: os.loadavg()[0] };
}

// `npm run bench:matching`: writes the "Purchase-invoice matching" section of docs/benchmarks.md.
async function main(): Promise<void> {
  const services = await ensureServices();
  try {
    const result = await withFreshBenchDatabase(services.databaseUrl, BENCH_DB, { min: 0, max: 4 }, measure);
    const info = { runs: RUNS, warmup: WARMUP, cores: os.cpus().length, date: new Date().toISOString().slice(0, 10) };
    const body = renderMatchingSection(info, result);
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
