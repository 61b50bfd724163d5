import type { Knex } from 'knex';
import { decodeCursor, encodeCursor } from './cursor';
import { checkKeyValues } from './key-values';
import type { AppliedPageSize } from './page-size';

/** The page envelope of the spec (PageResponse). */
export type Page<T> = { items: T[]; nextCursor: string | null; pageSizeApplied: number; truncated: boolean };

/**
 * Keyset columns of a list, all sorted descending (e.g. order date, then id as the unique tie-breaker).
 * Never OFFSET: page 1,000 costs what page 1 costs when an index covers (tenant_id, ...columns).
 */
export type Keyset = readonly string[];

const keyAlias = (i: number) => `__k${i}`;

/**
 * Orders the query by the keyset (descending), starts after the cursor's row, selects the key values as
 * text for the next cursor, and fetches one row more than the page to know whether another page follows.
 */
export function applyKeyset<TQuery extends Knex.QueryBuilder>(
  query: TQuery,
  keyset: Keyset,
  page: { cursor?: string; size: number },
): TQuery {
  const knex = query.client;
  keyset.forEach((column, i) => {
    query.select(knex.raw('??::text as ??', [column, keyAlias(i)]));
    query.orderBy(column, 'desc');
  });
  if (page.cursor !== undefined) {
    const after = decodeCursor(page.cursor, keyset.length);
    checkKeyValues(keyset, after);
    const placeholders = keyset.map(() => '?').join(', ');
    query.whereRaw(`(${keyset.map(() => '??').join(', ')}) < (${placeholders})`, [...keyset, ...after]);
  }
  query.limit(page.size + 1);
  return query;
}

/** Cuts the extra row off, strips the key columns, and builds the envelope. */
export function toPage<TRow extends Record<string, unknown>, TItem>(
  rows: TRow[],
  keyset: Keyset,
  page: AppliedPageSize,
  toItem: (row: TRow) => TItem,
): Page<TItem> {
  const hasMore = rows.length > page.size;
  const pageRows = hasMore ? rows.slice(0, page.size) : rows;
  const last = pageRows[pageRows.length - 1];
  const nextCursor = hasMore && last ? encodeCursor(keyset.map((_, i) => String(last[keyAlias(i)]))) : null;
  return { items: pageRows.map(toItem), nextCursor, pageSizeApplied: page.size, truncated: page.truncated };
}
