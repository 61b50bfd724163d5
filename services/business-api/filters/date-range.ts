import type { Knex } from 'knex';
import type { DateBound } from './query-values';

const DAY_MS = 86_400_000;

/**
 * Restricts `column` to [from, to]: `from` inclusive; `to` inclusive for a date-time and covering the whole day
 * for a plain date (so `to=2024-05-31` includes the 31st).
 */
export function whereDateRange(query: Knex.QueryBuilder, column: string, from?: DateBound, to?: DateBound): void {
  if (from) query.where(column, '>=', from.at);
  if (to?.dateOnly) query.where(column, '<', new Date(to.at.getTime() + DAY_MS));
  else if (to) query.where(column, '<=', to.at);
}

/** Restricts `column` to [min, max], both inclusive (totals and other amounts). */
export function whereBetween(query: Knex.QueryBuilder, column: string, min?: number, max?: number): void {
  if (min !== undefined) query.where(column, '>=', min);
  if (max !== undefined) query.where(column, '<=', max);
}
