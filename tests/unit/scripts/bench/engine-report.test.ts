import { QUERY_NAMES, type PeerResult, type QueryStats } from '../../../../scripts/bench/engine/bench-types';
import { renderSection, type SizeResult } from '../../../../scripts/bench/engine/report';

const build = { buildMs: 1000, memoryBytes: null, memoryNote: 'n/a' };
const stats = (medianMs: number, cpuMedianMs?: number): QueryStats => ({
  medianMs,
  p99Ms: medianMs * 2,
  runs: 300,
  total: 19,
  ...(cpuMedianMs !== undefined && { cpuMedianMs }),
});
const peer = (name: string, median: number, cpu?: number): PeerResult => ({
  peer: name,
  build,
  queries: Object.fromEntries(QUERY_NAMES.map((q) => [q, stats(median, cpu)])) as PeerResult['queries'],
});
const section = (peers: PeerResult[]): string => {
  const size: SizeResult = { products: 100_000, source: { documents: 97_022, skipped: {}, readMs: 1 }, peers };
  return renderSection({ command: 'npm run bench:engine', machine: 'm', date: '2026-11-27', notes: [] }, [size]);
};

describe('engine bench report', () => {
  it('shows the CPU medians of the in-process peers beside the wall-time table, with their ratio', () => {
    const text = section([peer('embedded', 0.2, 0.15), peer('postgres', 2), peer('lucene', 0.21, 0.3)]);
    expect(text).toContain('| Query | embedded CPU median (ms) | lucene CPU median (ms) | lucene / embedded (CPU) |');
    expect(text).toContain('| Q3 | 0.15 | 0.30 | 2.0x |');
    // The wall-time table keeps every peer.
    expect(text).toContain('| Q3 | 0.20 / 0.40 | 2.00 / 4.00 | 0.21 / 0.42 | 10.0x | 1.0x |');
  });

  it('has no CPU table when no peer measured CPU time', () => {
    expect(section([peer('embedded', 0.2), peer('postgres', 2)])).not.toContain('CPU median');
  });
});
