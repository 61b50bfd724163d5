import { fold } from '../../../shared/search/analysis/fold';
import { tokenize } from '../../../shared/search/analysis/tokenize';
import type { SearchEngine, SearchHit, SearchResponse, SpellingResponse } from '../../../shared/search';
import type { SiteContext } from '../keys/site-context';
import type { ListingPlan } from './listing-plan';

/** A query that found this many products or fewer may be corrected (the spec's "nothing, or very little"). */
export const CORRECTION_THRESHOLD = 2;

/** The spec's `queryCorrection`: what was asked, what was searched instead, and how many that found. */
export interface QueryCorrection {
  original: string;
  corrected: string;
  total: number;
}

/** The query with every word the dictionary lacks replaced by its most frequent close spelling; null when none is. */
export function correctedText(spelling: SpellingResponse): string | null {
  let changed = false;
  const words = spelling.words.map((w) => {
    const best = w.candidates[0];
    if (w.known || best === undefined) return w.word;
    changed = true;
    return best.term;
  });
  return changed ? words.join(' ') : null;
}

const isSkuHit = (q: string, result: SearchResponse, skuOf: (hit: SearchHit) => string) =>
  result.hits.some((h) => fold(skuOf(h)) === fold(q));

/**
 * A better query for a text search that found little: candidates come from the index's own dictionary of
 * name words (two edits at most, most frequent first). Never replaces an exact hit (every word known) or a
 * SKU hit (`skuOf` reads a hit's SKU), and answers only when the corrected query finds more. Null when there is
 * nothing to correct.
 */
export async function correctQuery(
  engine: SearchEngine,
  ctx: SiteContext,
  plan: ListingPlan,
  result: SearchResponse,
  skuOf: (hit: SearchHit) => string,
): Promise<{ result: SearchResponse; correction: QueryCorrection } | null> {
  if (plan.q === '' || result.total > CORRECTION_THRESHOLD || isSkuHit(plan.q, result, skuOf)) return null;
  const words = tokenize(plan.q);
  if (words.length === 0) return null;
  const spelling = await engine.spelling(ctx.alias, { words, language: ctx.language });
  if (result.total > 0 && spelling.words.every((w) => w.known)) return null;
  const corrected = correctedText(spelling);
  if (corrected === null) return null;
  const { synonyms: _typed, ...request } = plan.request;
  const synonyms = ctx.catalogue.merchandising.synonyms(corrected, ctx.language);
  const better = await engine.search(ctx.alias, {
    ...request,
    text: corrected,
    ...(synonyms.length > 0 && { synonyms }),
  });
  if (better.total <= result.total) return null;
  return { result: better, correction: { original: plan.q, corrected, total: better.total } };
}
