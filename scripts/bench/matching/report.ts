import type { Timing } from '../shared/timing';
import { INVOICE_LINES, RECEIPTS } from './data';

export type MatchingResult = {
  receipts: number;
  lines: number;
  candidates: number;
  scorer: Timing;
  endToEnd: Timing;
  /** 1-minute load average at the end of the run. */
  load: number;
};
export type MatchingBenchInfo = { runs: number; warmup: number; cores: number; date: string };

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

/** The "Purchase-invoice matching" section of docs/benchmarks.md (pure). */
export function renderMatchingSection(info: MatchingBenchInfo, result: MatchingResult): string {
  return [
    '## Purchase-invoice matching',
    '',
    `Command: \`npm run bench:matching\`. Machine: ${info.cores} cores, Node ${process.version}. Run: ${info.date};`,
    `1-minute load average at the end of the run: ${result.load.toFixed(1)} (timings on a busy machine are higher).`,
    '',
    `Suggestions (GET /purchase-invoice-matches/{invoiceId}, uncached) for a ${result.lines}-line invoice against ${result.receipts} open receipts of its vendor`,
    `(${info.runs} sequential runs after ${info.warmup} warm-up runs; ${result.candidates} candidates returned). Target: median under 200 ms.`,
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
}
