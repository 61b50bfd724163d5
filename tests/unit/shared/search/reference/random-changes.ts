import type { BulkOperation, SearchDocument } from '../../../../../shared/search';
import { randomDocument } from './random-catalogue';
import type { Random } from './random';

/**
 * Words that stem like common ones (jacketing -> jacket) on few documents: when those documents go, the surface
 * goes while its stem stays, which is where a delta could still match a typo a fresh build no longer matches.
 */
export const RARE_WORDS = ['jacketing', 'booting', 'shoeing'];

/** A random document, sometimes with a rare word in its English description. */
export function changedDocument(random: Random, i: number): SearchDocument {
  const doc = randomDocument(random, i);
  const en = doc.text.en;
  if (en !== undefined && random.chance(0.06)) en.description = `${en.description} ${random.pick(RARE_WORDS)}`.trim();
  return doc;
}

/** One step of a random history: a full build of everything, or a bulk of upserts and deletes. */
export type Step = { kind: 'build' } | { kind: 'bulk'; operations: BulkOperation[] };

/** A random step over the current documents (ids of new documents count up from `nextId`). */
export function randomStep(random: Random, current: ReadonlyMap<string, SearchDocument>, nextId: () => number): Step {
  if (random.chance(0.1)) return { kind: 'build' };
  const ids = [...current.keys()];
  const operations: BulkOperation[] = [];
  const count = 1 + random.int(random.chance(0.2) ? 60 : 12);
  for (let k = 0; k < count; k++) {
    const roll = random.next();
    if (roll < 0.35 && ids.length > 0) operations.push({ action: 'delete', id: random.pick(ids) });
    else if (roll < 0.4) operations.push({ action: 'delete', id: `missing-${random.int(5)}` });
    else if (roll < 0.75 && ids.length > 0) {
      const id = random.pick(ids);
      operations.push({ action: 'index', document: { ...changedDocument(random, Number(id.slice(1))), id } });
    } else {
      const i = nextId();
      operations.push({ action: 'index', document: changedDocument(random, i) });
    }
  }
  return { kind: 'bulk', operations };
}

/** The documents after a bulk, applied in order as the engine does. */
export function applyOperations(current: Map<string, SearchDocument>, operations: readonly BulkOperation[]): void {
  for (const op of operations) {
    if (op.action === 'delete') current.delete(op.id);
    else current.set(op.document.id, op.document);
  }
}
