import { QUERY_NAMES, type PeerResult } from './bench-types';
import { renderFreshness } from './freshness/freshness-report';
import type { FreshnessResult } from './freshness/freshness-bench';
import { MIX } from './queries';

/** How one size's documents were made from the seeded catalogue. */
export interface SizeSource {
  documents: number;
  skipped: Record<string, number>;
  readMs: number;
}

/** One benchmark size with every peer's figures. */
export interface SizeResult {
  products: number;
  source: SizeSource;
  peers: PeerResult[];
  /** Peers that failed, with the reason. */
  failed?: string[];
  freshness?: FreshnessResult;
}

export interface RunInfo {
  command: string;
  machine: string;
  date: string;
  notes: string[];
}

const ms = (value: number): string => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const mb = (bytes: number | null): string => (bytes === null ? 'n/a' : `${(bytes / 1e6).toFixed(0)} MB`);

function sourceLine(size: SizeResult): string {
  const skipped =
    Object.entries(size.source.skipped)
      .map(([reason, n]) => `${n} ${reason}`)
      .join(', ') || 'none';
  return (
    `Seeded products: ${size.products.toLocaleString('en-US')}; documents: ${size.source.documents.toLocaleString('en-US')} ` +
    `(skipped: ${skipped}); catalogue reader + toSearchDocument: ${(size.source.readMs / 1000).toFixed(1)} s.`
  );
}

function buildTable(size: SizeResult): string[] {
  const rows = size.peers.map(
    (p) =>
      `| ${p.peer} | ${(p.build.buildMs / 1000).toFixed(1)} s | ${mb(p.build.memoryBytes)} ` +
      `(${p.build.memoryNote}) | ` +
      `${p.build.snapshotLoadMs === undefined ? '-' : `${(p.build.snapshotLoadMs / 1000).toFixed(2)} s`} |`,
  );
  return ['| Engine | Build | Memory | Snapshot load |', '| --- | --- | --- | --- |', ...rows];
}

function queryTable(size: SizeResult): string[] {
  const embedded = size.peers.find((p) => p.peer === 'embedded');
  const peers = size.peers.filter((p) => p.peer !== 'embedded');
  const header = [
    'Query',
    ...size.peers.map((p) => `${p.peer} median / p99 (ms)`),
    ...peers.map((p) => `${p.peer} / embedded (median)`),
  ];
  const rows = QUERY_NAMES.map((q) => {
    const cells = size.peers.map((p) => `${ms(p.queries[q].medianMs)} / ${ms(p.queries[q].p99Ms)}`);
    const ratios = peers.map((p) =>
      embedded === undefined ? 'n/a' : `${(p.queries[q].medianMs / embedded.queries[q].medianMs).toFixed(1)}x`,
    );
    return `| ${q} | ${[...cells, ...ratios].join(' | ')} |`;
  });
  const totals = `Result counts (sanity): ${size.peers.map((p) => `${p.peer} ${QUERY_NAMES.map((q) => `${q}=${p.queries[q].total}`).join(' ')}`).join('; ')}.`;
  return [`| ${header.join(' | ')} |`, `|${header.map(() => ' --- |').join('')}`, ...rows, '', totals];
}

/**
 * Median CPU time a query for the peers whose engine runs in the timing process (see QueryStats.cpuMedianMs):
 * wall time waits for a core when the machine is busy, CPU time mostly does not, so peers measured one after
 * another compare on it more fairly. Empty when no peer has them.
 */
function cpuTable(size: SizeResult): string[] {
  const peers = size.peers.filter((p) => QUERY_NAMES.every((q) => p.queries[q]?.cpuMedianMs !== undefined));
  if (peers.length === 0) return [];
  const cpu = (p: PeerResult, q: (typeof QUERY_NAMES)[number]): number => p.queries[q].cpuMedianMs ?? Number.NaN;
  const embedded = peers.find((p) => p.peer === 'embedded');
  const others = peers.filter((p) => p.peer !== 'embedded');
  const header = [
    'Query',
    ...peers.map((p) => `${p.peer} CPU median (ms)`),
    ...(embedded === undefined ? [] : others.map((p) => `${p.peer} / embedded (CPU)`)),
  ];
  const rows = QUERY_NAMES.map((q) => {
    const cells = peers.map((p) => ms(cpu(p, q)));
    const ratios = embedded === undefined ? [] : others.map((p) => `${(cpu(p, q) / cpu(embedded, q)).toFixed(1)}x`);
    return `| ${q} | ${[...cells, ...ratios].join(' | ')} |`;
  });
  return [
    'CPU time of the same runs, median, for the engines in the timing process (Node: the process, every thread; ' +
      "Lucene: the querying thread; servers' work is elsewhere and left out):",
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => ' --- |').join('')}`,
    ...rows,
    '',
  ];
}

function mixDescription(): string[] {
  return [
    `Query mix (market ${MIX.market}, English, page 1 of ${MIX.pageSize}): Q1 listing without text, five facets (brand, colour, size,`,
    'material, category hierarchy) plus price min/max, sorted by price; Q1f the same listing with one category selected',
    `(category path "${MIX.q1fCategory}", disjunctive); Q2 one common word ("${MIX.q2Text}") plus the facets; Q3 two words`,
    `("${MIX.q3Text}"), filters on brand, colour and size (any) and a price range ${MIX.q3Price.min}-${MIX.q3Price.max}, disjunctive counts;`,
    `Q4 a three-letter suggest ("${MIX.q4Text}": names and brand/category labels). Latencies are sequential single-request timings.`,
  ];
}

/** The "Search engine" section of docs/benchmarks.md (pure). */
export function renderSection(info: RunInfo, sizes: SizeResult[]): string {
  const lines = [
    '## Search engine',
    '',
    `Command: \`${info.command}\`. Machine: ${info.machine}. Run: ${info.date}.`,
    '',
    ...mixDescription(),
    '',
  ];
  for (const size of sizes) {
    lines.push(
      `### ${size.products.toLocaleString('en-US')} products`,
      '',
      sourceLine(size),
      '',
      ...buildTable(size),
      '',
      ...queryTable(size),
      '',
      ...cpuTable(size),
    );
    if ((size.failed ?? []).length > 0) lines.push(`Failed at this size: ${(size.failed ?? []).join('; ')}.`, '');
    if (size.freshness !== undefined) lines.push(...renderFreshness(size.freshness));
  }
  lines.push('Notes:', ...info.notes.map((n) => `- ${n}`), '');
  return lines.join('\n');
}

/** Replaces the "## Search engine" section of the file (or appends it), leaving other sections alone. */
