import { createDb, migrateLatest } from '../../shared/db/knex';
import { ensureServices } from '../services/provision';
import { parseSeedArgs } from './cli-args';
import { createProgressBar } from './progress-bar';
import { formatSeedReport } from './report';
import { seedTenant } from './seed-tenant';

// `npm run seed -- --tenant demo --products 100000 --seed 42`: migrate, then replace one tenant's data.
// Uses DATABASE_URL, or provisions the private PostgreSQL (and Redis) when it is not set.
async function main(argv: string[]): Promise<void> {
  const args = parseSeedArgs(argv);
  const databaseUrl = process.env.DATABASE_URL ?? (await ensureServices()).databaseUrl;
  const db = createDb(databaseUrl, { pool: { min: 0, max: 2 } });
  const bar = createProgressBar();
  try {
    await migrateLatest(db);
    const result = await seedTenant(db, { ...args, onProgress: bar.update });
    bar.stop();
    console.log(formatSeedReport(result));
  } finally {
    bar.stop();
    await db.destroy();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
