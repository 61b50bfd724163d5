import type { SeedResult } from './seed-tenant';

const rate = (rows: number, ms: number) => Math.round(rows / Math.max(ms / 1000, 0.001));

/** Rows per table (largest first), total rows, wall time and rows per second, as plain text. */
export function formatSeedReport(result: SeedResult): string {
  const tables = Object.entries(result.rows).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const width = Math.max(...tables.map(([t]) => t.length), 5);
  const lines = tables.map(([table, rows]) => {
    const ms = result.tableMs[table] ?? 0;
    return `  ${table.padEnd(width)}  ${String(rows).padStart(9)}  ${(ms / 1000).toFixed(1).padStart(6)} s  ${String(rate(rows, ms)).padStart(8)} rows/s`;
  });
  return [
    `Seeded tenant ${result.tenantId}:`,
    ...lines,
    `  ${'total'.padEnd(width)}  ${String(result.totalRows).padStart(9)}`,
    `Time: ${(result.ms / 1000).toFixed(1)} s, ${rate(result.totalRows, result.ms).toLocaleString('en-US')} rows/s`,
  ].join('\n');
}
