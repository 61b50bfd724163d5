import type { Knex } from 'knex';
import { tenants } from './0001-tenants';

/** A reversible migration. */
export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Listed explicitly (not discovered on disk) so migrations load the same way under tsx, jest and a bundle.
// Append new migrations at the end; never reorder or rename one that has shipped.
const migrations: ReadonlyArray<readonly [string, Migration]> = [
  ['0001-tenants', tenants],
];

export const migrationSource: Knex.MigrationSource<readonly [string, Migration]> = {
  getMigrations: async () => [...migrations],
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
