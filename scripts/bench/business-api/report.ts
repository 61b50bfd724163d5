import { readFile, writeFile } from 'node:fs/promises';
import type { LoadResult } from './measure';

const HEADING = '## Business API';

export type KeysetResult = { pageSize: number; page1: { medianMs: number; p99Ms: number }; page1000: { medianMs: number; p99Ms: number } };
export type BenchReport = { machine: string; date: string; orders: number; seconds: number; connections: number; ceiling: LoadResult; scenarios: LoadResult[]; keyset: KeysetResult; notes: string[] };

// autocannon reports latency in whole milliseconds, so a 0 is below one millisecond.
const ms = (v: number) => (v === 0 ? '<1' : v < 10 ? v.toFixed(2) : v.toFixed(0));

export function renderSection(r: BenchReport): string {
  const row = (s: LoadResult) => `| ${s.name} | \`${s.path}\` | ${ms(s.medianMs)} / ${ms(s.p99Ms)} | ${s.rps.toFixed(0)} | ${((s.rps / r.ceiling.rps) * 100).toFixed(1)}% |`;
  return [
    HEADING, '',
    `Command: \`npm run bench:business-api\`. Machine: ${r.machine}. Run: ${r.date}.`, '',
    `${r.orders.toLocaleString('en')} orders in one tenant; autocannon, ${r.connections} connections, ${r.seconds} s per scenario, against business-api served in-process on loopback (token verification, paging, JSON included).`, '',
    '| Scenario | Request | median / p99 latency (ms) | requests/s | of ceiling |', '| --- | --- | --- | --- | --- |',
    row(r.ceiling), ...r.scenarios.map(row), '',
    `Keyset cost (sequential requests, default listing, pageSize ${r.keyset.pageSize}): page 1 median ${ms(r.keyset.page1.medianMs)} ms, p99 ${ms(r.keyset.page1.p99Ms)} ms; page 1,000 median ${ms(r.keyset.page1000.medianMs)} ms, p99 ${ms(r.keyset.page1000.p99Ms)} ms.`, '',
    'Notes:', ...r.notes.map((n) => `- ${n}`), '',
  ].join('\n');
}

/** Replaces the "## Business API" section of the file (or appends it), leaving the other sections alone. */
export function replaceSection(document: string, section: string): string {
  const start = document.indexOf(`${HEADING}\n`);
  if (start < 0) return `${document.trimEnd()}${document.trim() === '' ? '# Benchmarks\n' : '\n'}\n${section}`;
  const next = document.indexOf('\n## ', start + 1);
  return `${document.slice(0, start)}${section}${next < 0 ? '' : `\n${document.slice(next + 1)}`}`;
}

export async function writeSection(path: string, section: string): Promise<void> {
  const existing = await readFile(path, 'utf8').catch(() => '');
  await writeFile(path, replaceSection(existing, section));
}
