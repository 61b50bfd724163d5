import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { createDb, migrateLatest } from '../../shared/db/knex';
import { parseSeedArgs } from '../seed/cli-args';
import { createProgressBar } from '../seed/progress-bar';
import { formatSeedReport } from '../seed/report';
import { seedTenant } from '../seed/seed-tenant';
import { ensureServices } from '../services/provision';
import { projectRoot } from '../services/paths';
import { renderSeedSection, replaceSeedSection } from './seed/report';

// `npm run bench:seed [-- --products N --seed S]`: seeds one tenant with 100,000 products (by default) into a
// fresh database, prints the report and writes the "Seeding" section of docs/benchmarks.md.
const BENCH_DB = 'aisle_bench_seed';
const REPORT = path.join(projectRoot, 'docs', 'benchmarks.md');

async function withFreshDatabase<T>(baseUrl: string, fn: (db: Knex) => Promise<T>): Promise<T> {
  const adminUrl = new URL(baseUrl);
  adminUrl.pathname = '/postgres';
  const admin = knex({ client: 'pg', connection: adminUrl.toString(), pool: { min: 0, max: 1 } });
  await admin.raw(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.raw(`create database ${BENCH_DB}`);
  const url = new URL(baseUrl);
  url.pathname = `/${BENCH_DB}`;
  const db = createDb(url.toString(), { pool: { min: 0, max: 2 } });
  try {
    await migrateLatest(db);
    return await fn(db);
  } finally {
    await db.destroy();
    await admin.raw(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.destroy();
  }
}

async function main(argv: string[]): Promise<void> {
  const args = parseSeedArgs(argv.length ? argv : ['--products', '100000']);
  const orders = args.orders ?? args.products * 2;
  const databaseUrl = process.env.DATABASE_URL ?? (await ensureServices()).databaseUrl;
  const cpus = os.cpus();
  const machine = `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} at start`;
  const bar = createProgressBar();
  const result = await withFreshDatabase(databaseUrl, (db) => seedTenant(db, { ...args, tenant: 'bench', orders, onProgress: bar.update }));
  bar.stop();
  console.log(formatSeedReport(result));
  const info = { command: `npm run bench:seed${argv.length ? ` -- ${argv.join(' ')}` : ''}`, products: args.products, orders, seed: args.seed, machine, date: new Date().toISOString().slice(0, 10) };
  const existing = await readFile(REPORT, 'utf8').catch(() => '# Benchmarks\n');
  await writeFile(REPORT, replaceSeedSection(existing, renderSeedSection(info, result)));
  console.log(`Wrote the "Seeding" section of ${path.relative(projectRoot, REPORT)}`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
