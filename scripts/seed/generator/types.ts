import type { SeedMediaLibrary } from '../media/library';

/** One value of a generated row, as COPY will write it (decimals and timestamps are preformatted strings). */
export type Cell = string | number | boolean | null;
export type Row = Cell[];

/** Rows of one table, in the table's column order; `tenant_id` is added by the writer, never generated. */
export type RowBatch = { table: string; columns: readonly string[]; rows: Row[] };

/** How far generation has come, in entities of the current phase. */
export type Progress = { phase: string; done: number; total: number };

export type SeedItem = { kind: 'rows'; batch: RowBatch } | { kind: 'progress'; progress: Progress };

export type GeneratorOptions = {
  /** Storefront products (simple products and variant parents); variants come on top. */
  products: number;
  /** Orders of all four document types over the year before `asOf`. */
  orders: number;
  seed: number;
  /** The day the data is "as of": orders fall in the year before it, late invoices are late relative to it. */
  asOf: Date;
  /** Entities generated together before their rows are emitted (bounds memory). */
  chunkSize?: number;
  /** The source media rows point at (default: the placeholder library, whose files do not exist). */
  media?: SeedMediaLibrary;
};
