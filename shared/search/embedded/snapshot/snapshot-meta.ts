import type { FieldBoosts } from '../../index-settings';
import type { ArrayEntry } from './array-pack';

/** Bumped whenever the layout changes; a reader refuses other formats rather than misreading them. */
export const SNAPSHOT_FORMAT = 4;

/** A text field's length statistics. */
export interface FieldLengths {
  avg: number;
  total: number;
}

/** The JSON half of a snapshot: strings and shapes. Every typed array lives in the binary half. */
export interface SnapshotMeta {
  format: number;
  docCount: number;
  languages: string[];
  boosts: FieldBoosts;
  ids: string[];
  markets: string[];
  flags: string[];
  facets: { key: string; values: string[]; labels: Record<string, (string | null)[]> }[];
  numbers: string[];
  text: {
    language: string;
    terms: string[];
    surfaces: string[];
    alphabet: string;
    nameWords: string[];
    lengths: { name: FieldLengths; brand: FieldLengths; description: FieldLengths };
  }[];
  sku: { lengths: FieldLengths };
  nameOrders: string[];
  sortNames: string[];
  arrays: ArrayEntry[];
}
