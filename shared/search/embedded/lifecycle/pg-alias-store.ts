import type { Db } from '../../../db/knex';
import type { AliasEntry, AliasStore } from './alias-store';

// Advisory-lock namespace: swaps of the same alias queue up, so each one sees the index it replaced.
const LOCK_NAMESPACE = 0x5ea1;

/** Aliases in PostgreSQL (`search_aliases`), shared by every process that serves or builds indices. */
export class PgAliasStore implements AliasStore {
  constructor(
    private readonly db: Db,
    /** Called after an alias moved or was removed (and committed): tells other processes to reload. */
    private readonly onChange: (alias: string) => Promise<void> = async () => {},
  ) {}

  async get(alias: string): Promise<string | null> {
    const row = await this.db('search_aliases')
      .where({ alias })
      .first<{ index_name: string } | undefined>('index_name');
    return row?.index_name ?? null;
  }

  async set(alias: string, index: string): Promise<string | null> {
    const previous = await this.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [LOCK_NAMESPACE, alias]);
      const row = await trx('search_aliases').where({ alias }).first<{ index_name: string } | undefined>('index_name');
      await trx('search_aliases')
        .insert({ alias, index_name: index, updated_at: trx.fn.now() })
        .onConflict('alias')
        .merge(['index_name', 'updated_at']);
      return row?.index_name ?? null;
    });
    await this.onChange(alias);
    return previous;
  }

  async delete(alias: string): Promise<void> {
    const removed = await this.db('search_aliases').where({ alias }).delete();
    if (removed) await this.onChange(alias);
  }

  async list(): Promise<AliasEntry[]> {
    const rows: { alias: string; index_name: string }[] = await this.db('search_aliases')
      .select('alias', 'index_name')
      .orderByRaw('alias collate "C"');
    return rows.map((r) => ({ alias: r.alias, index: r.index_name }));
  }
}
