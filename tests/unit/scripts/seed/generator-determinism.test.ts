import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { SEEDED_TABLES } from '../../../../scripts/seed/seeded-tables';
import { collectSeed, seedChecksum, AS_OF } from './collect-seed';

/**
 * The checksum computed by another Node process, in another time zone and locale: a run that shares nothing with
 * this one (module state, clock at load, TZ), so only what the seed, sizes and day determine can agree.
 */
function checksumInOtherProcess(options: { products: number; orders: number; seed: number }): string {
  const script = path.join(__dirname, 'print-seed-checksum.ts');
  const env = { ...process.env, TZ: 'Pacific/Kiritimati', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' };
  return execFileSync(process.execPath, [require.resolve('tsx/cli'), script, JSON.stringify(options)], {
    env,
    encoding: 'utf8',
  });
}

describe('seed generator determinism', () => {
  const options = { products: 200, orders: 400, seed: 42, asOf: AS_OF };

  it('gives the same checksum for the same seed, sizes and day in two independent runs', () => {
    const { asOf: _day, ...sizes } = options;
    const here = seedChecksum(options);
    expect(here).toMatch(/^[0-9a-f]{64}$/);
    expect(checksumInOtherProcess(sizes)).toBe(here);
  }, 30_000);

  it('gives another checksum for another seed, or another day', () => {
    const base = seedChecksum(options);
    expect(seedChecksum({ ...options, seed: 43 })).not.toBe(base);
    expect(seedChecksum({ ...options, asOf: new Date('2025-06-02T00:00:00Z') })).not.toBe(base);
  });

  it('does not depend on the chunk size the rows are produced in', () => {
    const rowsOf = (chunkSize: number) => {
      const tables = collectSeed({ ...options, chunkSize });
      return [...tables.entries()]
        .map(([name, t]) => [name, t.rows])
        .sort(([a], [b]) => String(a).localeCompare(String(b)));
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
