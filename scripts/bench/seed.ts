import os from 'node:os';
import { createDb, migrateLatest } from '../../shared/db/knex';
import { parseSeedArgs } from '../seed/cli-args';
import { createProgressBar } from '../seed/progress-bar';
import { formatSeedReport } from '../seed/report';
import { seedTenant } from '../seed/seed-tenant';
import { ensureServices } from '../services/provision';
import { renderSeedSection } from './seed/report';
import { dropBenchDatabase, ensureBenchDatabase } from './shared/bench-database';
import { writeSection } from './shared/report-section';

// `npm run bench:seed [-- --products N --seed S]`: seeds one tenant with 100,000 products (by default) into a
// fresh database, prints the report and writes the "Seeding" section of docs/benchmarks.md.
const BENCH_DB = 'aisle_bench_seed';

async function main(argv: string[]): Promise<void> {
  const args = parseSeedArgs(argv.length ? argv : ['--products', '100000']);
  const orders = args.orders ?? args.products * 2;
  const databaseUrl = process.env.DATABASE_URL ?? (await ensureServices()).databaseUrl;
  const cpus = os.cpus();
  const machine = `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} at start`;
  const bar = createProgressBar();
  const db = createDb(await ensureBenchDatabase(databaseUrl, BENCH_DB, { fresh: true }), { pool: { min: 0, max: 2 } });
  let result;
  try {
    await migrateLatest(db);
    result = await seedTenant(db, { ...args, tenant: 'bench', orders, onProgress: bar.update });
  } finally {
    bar.stop();
    await db.destroy();
    await dropBenchDatabase(databaseUrl, BENCH_DB);
  }
  console.log(formatSeedReport(result));
  const info = { command: `npm run bench:seed${argv.length ? ` -- ${argv.join(' ')}` : ''}`, products: args.products, orders, seed: args.seed, machine, date: new Date().toISOString().slice(0, 10) };
  await writeSection(renderSeedSection(info, result));
  console.log('Wrote the "Seeding" section of docs/benchmarks.md');
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
