import { isRecord } from '../is-record';

// Typed reads of the few aggregation shapes the builders request. The client types aggregations as a wide
// union; these guards read exactly what we asked for and treat anything else as empty.

/** One terms bucket (keyword keys only). */
export interface Bucket {
  key: string;
  count: number;
}

/** A terms aggregation: buckets plus whether values were left out. */
export interface TermsRead {
  buckets: Bucket[];
  othersLeftOut: boolean;
}

/** A stats aggregation. */
export interface StatsRead {
  min: number | null;
  max: number | null;
  count: number;
}

/** The named child of an aggregations object, if it is an object. */
export function child(aggregations: unknown, name: string): Record<string, unknown> | null {
  if (!isRecord(aggregations)) return null;
  const value = aggregations[name];
  return isRecord(value) ? value : null;
}

/** doc_count of a filter aggregation (0 when absent). */
export function docCount(aggregate: Record<string, unknown> | null): number {
  const count = aggregate?.doc_count;
  return typeof count === 'number' ? count : 0;
}

/** Buckets of a terms aggregation. */
export function readTerms(aggregate: Record<string, unknown> | null): TermsRead {
  const raw = aggregate?.buckets;
  const buckets: Bucket[] = [];
  if (Array.isArray(raw)) {
    for (const bucket of raw) {
      if (isRecord(bucket) && typeof bucket.doc_count === 'number')
        buckets.push({ key: String(bucket.key), count: bucket.doc_count });
    }
  }
  const others = aggregate?.sum_other_doc_count;
  return { buckets, othersLeftOut: typeof others === 'number' && others > 0 };
}

/** A stats aggregation; min and max are null when no document had the field. */
export function readStats(aggregate: Record<string, unknown> | null): StatsRead {
  const count = typeof aggregate?.count === 'number' ? aggregate.count : 0;
  const num = (value: unknown): number | null => (count > 0 && typeof value === 'number' ? value : null);
  return { min: num(aggregate?.min), max: num(aggregate?.max), count };
}
