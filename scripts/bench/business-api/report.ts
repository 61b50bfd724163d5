import type { Timing } from '../shared/timing';
import type { LoadResult } from './measure';

const HEADING = '## Business API';

type Quantiles = Pick<Timing, 'median' | 'p99'>;
export type KeysetResult = { pageSize: number; page1: Quantiles; page1000: Quantiles };
export type BenchReport = {
  machine: string;
  date: string;
  orders: number;
  seconds: number;
  connections: number;
  ceiling: LoadResult;
  scenarios: LoadResult[];
  keyset: KeysetResult;
  notes: string[];
};

// autocannon reports latency in whole milliseconds, so a 0 is below one millisecond.
const ms = (v: number) => (v === 0 ? '<1' : v < 10 ? v.toFixed(2) : v.toFixed(0));

export function renderSection(r: BenchReport): string {
  const row = (s: LoadResult) =>
    `| ${s.name} | \`${s.path}\` | ${ms(s.medianMs)} / ${ms(s.p99Ms)} | ${s.rps.toFixed(0)} | ${((s.rps / r.ceiling.rps) * 100).toFixed(1)}% |`;
  return [
    HEADING,
    '',
    `Command: \`npm run bench:business-api\`. Machine: ${r.machine}. Run: ${r.date}.`,
    '',
    `${r.orders.toLocaleString('en')} orders in one tenant; autocannon, ${r.connections} connections, ` +
      `${r.seconds} s per scenario, against business-api served in-process on loopback (token verification, ` +
      `paging, JSON included).`,
    '',
    '| Scenario | Request | median / p99 latency (ms) | requests/s | of ceiling |',
    '| --- | --- | --- | --- | --- |',
    row(r.ceiling),
    ...r.scenarios.map(row),
    '',
    `Keyset cost (sequential requests, default listing, pageSize ${r.keyset.pageSize}): page 1 median ` +
      `${ms(r.keyset.page1.median)} ms, p99 ${ms(r.keyset.page1.p99)} ms; page 1,000 median ` +
      `${ms(r.keyset.page1000.median)} ms, p99 ${ms(r.keyset.page1000.p99)} ms.`,
    '',
    'Notes:',
    ...r.notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
}
