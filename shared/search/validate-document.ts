import type { BulkFailure, BulkOperation } from './bulk';
import type { SearchDocument } from './document';
import { isRecord } from './is-record';

type Check = (doc: SearchDocument) => string | null;

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');
const everyEntry = (value: unknown, ok: (v: unknown) => boolean): boolean =>
  isRecord(value) && Object.values(value).every(ok);

const CHECKS: readonly Check[] = [
  (doc) => (typeof doc.id === 'string' && doc.id !== '' ? null : 'id must be a non-empty string'),
  (doc) => (isStringArray(doc.markets) ? null : 'markets must be an array of strings'),
  (doc) => (isStringArray(doc.skus) ? null : 'skus must be an array of strings'),
  (doc) =>
    everyEntry(doc.text, (t) => isRecord(t) && ['name', 'brand', 'description'].every((f) => typeof t[f] === 'string'))
      ? null
      : 'text must map languages to {name, brand, description} strings',
  (doc) => (everyEntry(doc.facets, isStringArray) ? null : 'facets must map keys to arrays of strings'),
  (doc) =>
    everyEntry(doc.numbers, (n) => typeof n === 'number' && Number.isFinite(n)) ? null : 'numbers must be finite',
  (doc) => (everyEntry(doc.flags, (f) => typeof f === 'boolean') ? null : 'flags must be booleans'),
  (doc) =>
    isRecord(doc.sortKeys) &&
    Number.isFinite(doc.sortKeys.createdAt) &&
    everyEntry(doc.sortKeys.name, (n) => typeof n === 'string')
      ? null
      : 'sortKeys must hold a finite createdAt and string names',
  (doc) => (doc.popularity === undefined || Number.isFinite(doc.popularity) ? null : 'popularity must be finite'),
  (doc) => (doc.card === undefined ? 'card is required' : null),
];

/** Why a document cannot be indexed, or null when it can. Bulk reports this per item instead of throwing. */
export function documentProblem(doc: unknown): string | null {
  if (!isRecord(doc)) return 'document must be an object';
  for (const check of CHECKS) {
    const problem = check(doc as unknown as SearchDocument);
    if (problem !== null) return problem;
  }
  return null;
}

/**
 * Why a bulk operation is refused (naming its id when it has one), or null when it can be applied. Every
 * engine reports these same failures, so callers see one behaviour whichever engine runs.
 */
export function operationFailure(operation: BulkOperation, position: number): BulkFailure | null {
  if (operation.action === 'delete') {
    return typeof operation.id === 'string' && operation.id !== ''
      ? null
      : { position, id: null, reason: 'delete needs a non-empty id' };
  }
  const reason = documentProblem(operation.document);
  if (reason === null) return null;
  return { position, id: typeof operation.document?.id === 'string' ? operation.document.id : null, reason };
}
