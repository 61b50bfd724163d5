import { createHash } from 'node:crypto';
import { generateSeed } from '../../../../scripts/seed/generator/generate-seed';
import type { Cell, GeneratorOptions } from '../../../../scripts/seed/generator/types';

export type Table = { columns: readonly string[]; rows: Cell[][] };

export const AS_OF = new Date('2025-06-01T00:00:00Z');

/** Every generated row, gathered per table (for assertions on a small seed). */
export function collectSeed(options: GeneratorOptions): Map<string, Table> {
  const tables = new Map<string, Table>();
  for (const item of generateSeed(options)) {
    if (item.kind !== 'rows') continue;
    const table = tables.get(item.batch.table) ?? { columns: item.batch.columns, rows: [] };
    table.rows.push(...item.batch.rows);
    tables.set(item.batch.table, table);
  }
  return tables;
}

/** sha256 over every generated item, in order. */
export function seedChecksum(options: GeneratorOptions): string {
  const hash = createHash('sha256');
  for (const item of generateSeed(options)) {
    if (item.kind === 'rows')
      hash.update(`${item.batch.table}|${item.batch.columns.join(',')}|${JSON.stringify(item.batch.rows)}\n`);
  }
  return hash.digest('hex');
}

/** Rows of a table as objects keyed by column. */
export function records(tables: Map<string, Table>, name: string): Array<Record<string, Cell>> {
  const table = tables.get(name);
  if (!table) return [];
  return table.rows.map((row) => Object.fromEntries(table.columns.map((c, i) => [c, row[i]])));
}
