import { writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, migrateLatest, type Knex } from '../../shared/db/knex';
import { suggestMatches } from '../../services/business-api/purchase-invoice-matches/scoring/suggest';
import { computeSuggestions } from '../../services/business-api/purchase-invoice-matches/suggestions';
import { loadDraft } from '../../services/business-api/purchase-invoice-matches/store/drafts';
import { loadOpenReceipts } from '../../services/business-api/purchase-invoice-matches/store/receipts';
import { loadTolerances } from '../../services/business-api/purchase-invoice-matches/store/tolerances';
import { ensureServices, stopServices } from '../services/provision';
import { projectRoot } from '../services/paths';
import { INVOICE_LINES, RECEIPTS, createBenchData } from './matching/data';

const BENCH_DB = 'aisle_bench_matching';
const RUNS = 100;
const WARMUP = 10;

type Stats = { median: number; p99: number };

async function measure(runs: number, fn: () => Promise<unknown> | unknown): Promise<Stats> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)], p99: times[Math.min(runs - 1, Math.ceil(runs * 0.99) - 1)] };
}

async function withBenchDb<T>(baseUrl: string, fn: (db: Knex) => Promise<T>): Promise<T> {
  const admin = createDb(baseUrl, { pool: { min: 0, max: 1 } });
  await admin.raw(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.raw(`create database ${BENCH_DB}`);
  const url = new URL(baseUrl);
  url.pathname = `/${BENCH_DB}`;
  const db = createDb(url.toString(), { pool: { min: 0, max: 4 } });
  try {
    await migrateLatest(db);
    return await fn(db);
  } finally {
    await db.destroy();
    await admin.raw(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.destroy();
  }
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

/** Replaces (or appends) the "Purchase-invoice matching" section of docs/benchmarks.md, leaving the rest as it is. */
function writeSection(body: string): void {
  const file = path.join(projectRoot, 'docs', 'benchmarks.md');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf('\n## Purchase-invoice matching');
  const section = `\n## Purchase-invoice matching\n\n${body}`;
  if (start < 0) return writeFileSync(file, `${text.trimEnd()}\n${section}`);
  const next = text.indexOf('\n## ', start + 1);
  writeFileSync(file, text.slice(0, start) + section + (next < 0 ? '' : `\n${text.slice(next + 1)}`));
}

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
      const scorer = await measure(RUNS, () => suggestMatches(draft, receipts, tolerances));
      const endToEnd = await measure(RUNS, () => computeSuggestions(db, tenantId, draftId));
      return { receipts: receipts.length, lines: draft.lines.length, candidates, scorer, endToEnd, load: os.loadavg()[0] };
    });
    const body = [
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
    writeSection(body);
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
