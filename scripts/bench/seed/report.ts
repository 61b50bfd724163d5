import type { SeedResult } from '../../seed/seed-tenant';

export type SeedBenchInfo = {
  command: string;
  products: number;
  orders: number;
  seed: number;
  machine: string;
  date: string;
};

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const perSecond = (rows: number, ms: number) => Math.round(rows / Math.max(ms / 1000, 0.001)).toLocaleString('en-US');

/** The "Seeding" section of docs/benchmarks.md: totals, then time and rows per second per table (pure). */
export function renderSeedSection(info: SeedBenchInfo, result: SeedResult): string {
  const tables = Object.entries(result.rows)
    .filter(([, rows]) => rows > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return [
    '## Seeding',
    '',
    `Command: \`${info.command}\`: ${info.products.toLocaleString('en-US')} products, ${info.orders.toLocaleString('en-US')} orders, seed ${info.seed},`,
    `one new tenant in a freshly migrated database. Machine: ${info.machine}. Run: ${info.date}.`,
    '',
    `**Total: ${result.totalRows.toLocaleString('en-US')} rows in ${seconds(result.ms)} s, ${perSecond(result.totalRows, result.ms)} rows/s.**`,
    '',
    'Rows are generated and streamed with COPY in one transaction, every index and constraint in place. As superuser',
    '(the private PostgreSQL) the seed skips per-row triggers and checks every foreign key of the new rows set-wise',
    "before commit; other roles get per-row checks, about twice the time. A table's time covers generating and loading",
    'its rows; the rest of the total is the foreign-key check, the change log, sequences and ANALYZE.',
    '',
    '| Table | Rows | Time (s) | Rows/s |',
    '| --- | ---: | ---: | ---: |',
    ...tables.map(
      ([table, rows]) =>
        `| ${table} | ${rows.toLocaleString('en-US')} | ${seconds(result.tableMs[table] ?? 0)} | ${perSecond(rows, result.tableMs[table] ?? 0)} |`,
    ),
    '',
  ].join('\n');
}
