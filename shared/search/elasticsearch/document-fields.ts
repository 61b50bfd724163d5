import type { SearchDocument } from '../document';
import type { IndexFields } from '../index-settings';

/** The three keyed groups of a document whose keys the mapping declares. */
export type FieldKind = 'facet' | 'number' | 'flag';

/** One key of a document that the index's fields do not declare. */
export interface UndeclaredKey {
  kind: FieldKind;
  key: string;
}

const GROUPS: readonly [FieldKind, keyof IndexFields, (doc: SearchDocument) => string[]][] = [
  ['facet', 'facets', (doc) => Object.keys(doc.facets)],
  ['number', 'numbers', (doc) => Object.keys(doc.numbers)],
  ['flag', 'flags', (doc) => Object.keys(doc.flags)],
];

/**
 * The keys of a document that the index's fields do not declare, facets first, then numbers and flags, each in
 * the document's order. The mapping is `dynamic: strict`, so Elasticsearch refuses such a document until its
 * mapping has them. Pure.
 */
export function undeclaredKeys(doc: SearchDocument, fields: IndexFields): UndeclaredKey[] {
  return GROUPS.flatMap(([kind, group, keysOf]) => {
    const known = new Set(fields[group]);
    return keysOf(doc)
      .filter((key) => !known.has(key))
      .map((key) => ({ kind, key }));
  });
}

/** The field group holding keys of a kind. Pure. */
export function groupOf(kind: FieldKind): keyof IndexFields {
  return kind === 'facet' ? 'facets' : kind === 'number' ? 'numbers' : 'flags';
}

/** How a key is named in failure reasons and refusals: `facet key "size"`. Pure. */
export function keyLabel({ kind, key }: UndeclaredKey): string {
  return `${kind} key "${key}"`;
}
