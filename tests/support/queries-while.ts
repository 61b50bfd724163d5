import type { Knex } from '../../shared/db/knex';

/** The SQL texts `db` runs through knex while `read` runs, those `keep` accepts. */
export async function queriesWhile(
  db: Knex,
  read: () => Promise<unknown>,
  keep: (sql: string) => boolean,
): Promise<string[]> {
  const seen: string[] = [];
  const listen = (q: { sql: string }) => {
    if (keep(q.sql)) seen.push(q.sql);
  };
  db.on('query', listen);
  try {
    await read();
  } finally {
    db.off('query', listen);
  }
  return seen;
}
