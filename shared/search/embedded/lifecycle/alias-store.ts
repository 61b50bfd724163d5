import { compareStrings } from '../../compare';

/** An alias and the index it points to. */
export interface AliasEntry {
  alias: string;
  index: string;
}

/**
 * Where the embedded engine keeps its aliases. Serving processes share the store (PostgreSQL in production)
 * so they agree on which snapshot an alias means; each `set` is atomic.
 */
export interface AliasStore {
  /** Index the alias points to, or null. */
  get(alias: string): Promise<string | null>;
  /** Points the alias at the index; returns the previous index or null. */
  set(alias: string, index: string): Promise<string | null>;
  /** Removes the alias; absent aliases are ignored. */
  delete(alias: string): Promise<void>;
  /** Every alias, sorted by alias. */
  list(): Promise<AliasEntry[]>;
}

/** Process-local store for tests and single-process use. */
export class InMemoryAliasStore implements AliasStore {
  private readonly aliases = new Map<string, string>();

  async get(alias: string): Promise<string | null> {
    return this.aliases.get(alias) ?? null;
  }

  async set(alias: string, index: string): Promise<string | null> {
    const previous = this.aliases.get(alias) ?? null;
    this.aliases.set(alias, index);
    return previous;
  }

  async delete(alias: string): Promise<void> {
    this.aliases.delete(alias);
  }

  async list(): Promise<AliasEntry[]> {
    return [...this.aliases]
      .map(([alias, index]) => ({ alias, index }))
      .sort((a, b) => compareStrings(a.alias, b.alias));
  }
}
