import type { SearchDocument } from '../document';
import type { IndexFields } from '../index-settings';

/**
 * The first key of a document that the index's mapping does not declare, as a bulk failure reason, or null.
 * The mapping is `dynamic: strict`, so Elasticsearch would refuse the document anyway; this names the key. Pure.
 */
export function undeclaredField(doc: SearchDocument, fields: IndexFields): string | null {
  const groups: [string, readonly string[], readonly string[]][] = [
    ['facet', Object.keys(doc.facets), fields.facets],
    ['number', Object.keys(doc.numbers), fields.numbers],
    ['flag', Object.keys(doc.flags), fields.flags],
  ];
  for (const [kind, keys, declared] of groups) {
    const known = new Set(declared);
    const missing = keys.find((key) => !known.has(key));
    if (missing !== undefined) return `${kind} key "${missing}" is not in the index fields`;
  }
  return null;
}
