import type { Db, Knex } from './knex';

/** The part of a pooled pg connection a named statement uses. */
type PgConnection = {
  query(config: { name: string; text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
};

/**
 * A named statement of `?` placeholders (as knex writes them), numbered once: knex numbers them on every run, two
 * regular-expression passes over the whole text and a walk of the bindings, which for the product page's statements
 * (5 KB, 30 bindings) cost more of a miss than sending them. Runs on a connection of the pool it is handed, as knex
 * would run it, so session settings (createDb `genericPlans`) apply; in a transaction, through knex on the
 * transaction's connection (the same numbered text under the same name).
 */
export class NamedStatement<Row> {
  private readonly text: string;
  private readonly parameters: number;

  constructor(
    readonly name: string,
    private readonly sql: string,
  ) {
    if (/\?\?|\\\?/.test(sql)) throw new Error(`${name}: identifier or escaped placeholders are not numbered here`);
    let n = 0;
    this.text = sql.replace(/\?/g, () => `$${++n}`);
    this.parameters = n;
  }

  /** The rows of the statement for `values` (one a placeholder, none undefined). */
  async rows(db: Db, values: readonly Knex.RawBinding[]): Promise<Row[]> {
    if (values.length !== this.parameters || values.some((v) => v === undefined))
      throw new Error(`${this.name}: ${values.length} values (some undefined?) for ${this.parameters} placeholders`);
    // A transaction's queries belong on its own connection, which knex holds.
    if (db.isTransaction) return (await db.raw<{ rows: Row[] }>(this.sql, values).options({ name: this.name })).rows;
    const connection: PgConnection = await db.client.acquireConnection();
    // As knex announces its own queries, so whoever listens to the pool's queries sees this one too.
    db.client.emit('query', { sql: this.sql, bindings: values, method: 'raw', name: this.name });
    try {
      return (await connection.query({ name: this.name, text: this.text, values })).rows as Row[];
    } finally {
      await db.client.releaseConnection(connection);
    }
  }
}
