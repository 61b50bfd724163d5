import { fold } from './fold';

/**
 * A query as rules match it and analytics count it: compatibility forms unified (NFKC), folded like indexed text
 * (case, accents, the fold table) and runs of white space made one space. "  Röd  JACKA " and "rod jacka" are one.
 */
export function normaliseQuery(q: string): string {
  return fold(q.normalize('NFKC')).replace(/\s+/g, ' ').trim();
}
