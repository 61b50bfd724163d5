import { migrateLatest, withDb } from '../../shared/db/knex';
import { runMain } from '../run-main';
import { mediaDirs } from '../../shared/media/media-config';
import { dataDir } from '../services/paths';
import { ensureServices } from '../services/provision';
import { parseSeedArgs } from './cli-args';
import { withProgressBar } from './progress-bar';
import { formatSeedReport } from './report';
import { seedTenant } from './seed-tenant';

// `npm run seed -- --tenant demo --products 100000 --seed 42`: migrate, then replace one tenant's data.
// Uses DATABASE_URL, or provisions the private PostgreSQL (and Redis) when it is not set.
async function main(argv: string[]): Promise<void> {
  const args = parseSeedArgs(argv);
  const databaseUrl = process.env.DATABASE_URL ?? (await ensureServices()).databaseUrl;
  const result = await withDb(databaseUrl, { pool: { min: 0, max: 2 } }, async (db) => {
    await migrateLatest(db);
    return withProgressBar((onProgress) =>
      seedTenant(db, { ...args, onProgress, mediaDir: mediaDirs(dataDir()).sources }),
    );
  });
  console.log(formatSeedReport(result));
}

runMain(() => main(process.argv.slice(2)));
