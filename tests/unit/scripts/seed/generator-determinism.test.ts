import { SEEDED_TABLES } from '../../../../scripts/seed/seeded-tables';
import { collectSeed, seedChecksum, AS_OF } from './collect-seed';

describe('seed generator determinism', () => {
  const options = { products: 200, orders: 400, seed: 42, asOf: AS_OF };

  it('gives the same checksum for the same seed, sizes and day', () => {
    expect(seedChecksum(options)).toBe(seedChecksum({ ...options }));
  });

  it('gives another checksum for another seed, or another day', () => {
    const base = seedChecksum(options);
    expect(seedChecksum({ ...options, seed: 43 })).not.toBe(base);
    expect(seedChecksum({ ...options, asOf: new Date('2025-06-02T00:00:00Z') })).not.toBe(base);
  });

  it('does not depend on the chunk size the rows are produced in', () => {
    const rowsOf = (chunkSize: number) => {
      const tables = collectSeed({ ...options, chunkSize });
      return [...tables.entries()].map(([name, t]) => [name, t.rows]).sort(([a], [b]) => String(a).localeCompare(String(b)));
    };
    expect(rowsOf(37)).toEqual(rowsOf(2000));
  });

  it('writes only tables a re-seed clears, parents before children', () => {
    const generated = [...collectSeed(options).keys()];
    const order = (table: string) => (SEEDED_TABLES as readonly string[]).indexOf(table);
    expect(generated.filter((table) => order(table) < 0)).toEqual([]);
    expect(generated.map(order)).toEqual([...generated.map(order)].sort((x, y) => x - y));
  });

  it('never repeats an id within a table', () => {
    for (const [name, table] of collectSeed(options)) {
      const idColumn = table.columns.indexOf('id');
      if (idColumn < 0) continue;
      const ids = table.rows.map((row) => row[idColumn]);
      expect({ name, duplicates: ids.length - new Set(ids).size }).toEqual({ name, duplicates: 0 });
    }
  });
});
