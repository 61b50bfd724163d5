import { dropDatabase } from '../../scripts/services/database-admin';
import { runPrefix, testDatabases, withAdminClient } from './admin-db';

/** Drops this run's template and any database of this run a crashed test file left behind. */
export default async function globalTeardown(): Promise<void> {
  await withAdminClient(async (client) => {
    for (const name of await testDatabases(client, runPrefix())) await dropDatabase(client, name);
  });
}
