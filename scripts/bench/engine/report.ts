import { readFile, writeFile } from 'node:fs/promises';
import { QUERY_NAMES, type PeerResult } from './bench-types';

/** One benchmark size with every peer's figures. */
export interface SizeResult {
  products: number;
  peers: PeerResult[];
}

export interface RunInfo {
  command: string;
  machine: string;
  date: string;
  notes: string[];
}

const ms = (value: number): string => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const mb = (bytes: number | null): string => (bytes === null ? 'n/a' : `${(bytes / 1e6).toFixed(0)} MB`);

function buildTable(size: SizeResult): string[] {
  const rows = size.peers.map(
    (p) => `| ${p.peer} | ${(p.build.buildMs / 1000).toFixed(1)} s | ${mb(p.build.memoryBytes)} (${p.build.memoryNote}) | ${p.build.snapshotLoadMs === undefined ? '-' : `${(p.build.snapshotLoadMs / 1000).toFixed(2)} s`} |`,
  );
  return ['| Engine | Build | Memory | Snapshot load |', '| --- | --- | --- | --- |', ...rows];
}

function queryTable(size: SizeResult): string[] {
  const embedded = size.peers.find((p) => p.peer === 'embedded');
  const peers = size.peers.filter((p) => p.peer !== 'embedded');
  const header = ['Query', ...size.peers.map((p) => `${p.peer} median / p99 (ms)`), ...peers.map((p) => `${p.peer} / embedded (median)`)];
  const rows = QUERY_NAMES.map((q) => {
    const cells = size.peers.map((p) => `${ms(p.queries[q].medianMs)} / ${ms(p.queries[q].p99Ms)}`);
    const ratios = peers.map((p) => (embedded === undefined ? 'n/a' : `${(p.queries[q].medianMs / embedded.queries[q].medianMs).toFixed(1)}x`));
    return `| ${q} | ${[...cells, ...ratios].join(' | ')} |`;
  });
  const totals = `Result counts (sanity): ${size.peers.map((p) => `${p.peer} ${QUERY_NAMES.map((q) => `${q}=${p.queries[q].total}`).join(' ')}`).join('; ')}.`;
  return [`| ${header.join(' | ')} |`, `|${header.map(() => ' --- |').join('')}`, ...rows, '', totals];
}

/** The "Search engine" section of docs/benchmarks.md (pure). */
export function renderSection(info: RunInfo, sizes: SizeResult[]): string {
  const lines = [
    '## Search engine',
    '',
    `Command: \`${info.command}\`. Machine: ${info.machine}. Run: ${info.date}.`,
    '',
    'Query mix (market se, English, page 1 of 24): Q1 listing without text, five facets (brand, color, size, material,',
    'category hierarchy) plus price min/max, sorted by price; Q2 one common word ("jacket") plus the facets;',
    'Q3 two words ("running shoes"), filters on brand, color and size (any) and a price range, disjunctive counts;',
    'Q4 a three-letter suggest ("run": names and facet labels). Latencies are sequential single-request timings.',
    '',
  ];
  for (const size of sizes) {
    lines.push(`### ${size.products.toLocaleString('en-US')} products`, '', ...buildTable(size), '', ...queryTable(size), '');
  }
  lines.push('Notes:', ...info.notes.map((n) => `- ${n}`), '');
  return lines.join('\n');
}

/** Replaces the "## Search engine" section of the file (or appends it), leaving other sections alone. */
export function replaceSection(document: string, section: string): string {
  const start = document.indexOf('## Search engine');
  if (start < 0) return `${document.trimEnd()}${document.trim() === '' ? '# Benchmarks\n' : '\n'}\n${section}`;
  const next = document.indexOf('\n## ', start + 1);
  return `${document.slice(0, start)}${section.trimEnd()}\n${next < 0 ? '' : `\n${document.slice(next + 1)}`}`;
}

export async function writeSection(path: string, section: string): Promise<void> {
  const existing = await readFile(path, 'utf8').catch(() => '');
  await writeFile(path, replaceSection(existing, section));
}
