import { migrateLatest, rollbackAll, withDb } from '../shared/db/knex';
import { runMain } from './run-main';
import { ensureServices } from './services/provision';

// `npm run migrate` (latest) and `npm run migrate:down` (roll back the last batch; `-- --all` for everything).
async function main([command, flag]: string[]): Promise<void> {
  const { databaseUrl } = await ensureServices();
  await withDb(databaseUrl, { pool: { min: 0, max: 1 } }, async (db) => {
    if (command === 'latest') {
      const applied = await migrateLatest(db);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
    } else if (command === 'rollback') {
      const reverted =
        flag === '--all' ? await rollbackAll(db) : ((await db.migrate.rollback()) as [number, string[]])[1];
      console.log(reverted.length ? `Rolled back: ${reverted.join(', ')}` : 'Nothing to roll back.');
    } else {
      throw new Error('usage: migrate.ts latest | rollback [--all]');
    }
  });
}

runMain(() => main(process.argv.slice(2)));
