import os from 'node:os';
import { runMain } from '../run-main';
import { parseSeedArgs } from '../seed/cli-args';
import { withProgressBar } from '../seed/progress-bar';
import { formatSeedReport } from '../seed/report';
import { seedTenant } from '../seed/seed-tenant';
import { ensureServices } from '../services/provision';
import { renderSeedSection } from './seed/report';
import { withFreshBenchDatabase } from './shared/bench-database';
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
  const result = await withFreshBenchDatabase(databaseUrl, BENCH_DB, { min: 0, max: 2 }, (db) =>
    withProgressBar((onProgress) => seedTenant(db, { ...args, tenant: 'bench', orders, onProgress })),
  );
  console.log(formatSeedReport(result));
  const info = {
    command: `npm run bench:seed${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
    products: args.products,
    orders,
    seed: args.seed,
    machine,
    date: new Date().toISOString().slice(0, 10),
  };
  await writeSection(renderSeedSection(info, result));
  console.log('Wrote the "Seeding" section of docs/benchmarks.md');
}

runMain(() => main(process.argv.slice(2)));
