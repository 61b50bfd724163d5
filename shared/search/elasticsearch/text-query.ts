import { fold } from '../analysis/fold';
import { tokenize } from '../analysis/tokenize';
import { MIN_TYPO_LENGTH, TYPO_WEIGHT } from '../analysis/typo-variants';
import type { FieldBoosts } from '../index-settings';
import { foldedTextField, SKU_TERMS_FIELD, textField, type TextPart } from './es-fields';
import type { EsQuery } from './filter-clauses';

const PARTS: readonly TextPart[] = ['name', 'brand', 'description'];

/** Boost suffix rounded to avoid float noise such as 1.6000000000000001 in request bodies. */
function boosted(field: string, boost: number): string {
  return `${field}^${Math.round(boost * 1000) / 1000}`;
}

/** What the text clauses need to know about the index. */
export interface TextContext {
  language: string;
  analysed: boolean;
  boosts: FieldBoosts;
}

/**
 * One clause per query word, all required: each word matches its stem in a text field, one typo on the
 * folded surface when it has 5+ letters, or an exact SKU term. Empty when the text has no words. Pure.
 */
export function textClauses(text: string | undefined, context: TextContext): EsQuery[] {
  return tokenize(text ?? '').map((word) => wordClause(word, context));
}

function wordClause(word: string, { language, analysed, boosts }: TextContext): EsQuery {
  const surface = fold(word);
  const should: EsQuery[] = [];
  if (analysed) {
    const stemmed = PARTS.map((part) => boosted(textField(language, part), boosts[part]));
    should.push({ multi_match: { query: word, fields: stemmed, type: 'most_fields' } });
    if (surface.length >= MIN_TYPO_LENGTH) {
      const folded = PARTS.map((part) => boosted(foldedTextField(language, part), boosts[part] * TYPO_WEIGHT));
      should.push({ multi_match: { query: word, fields: folded, type: 'most_fields', fuzziness: 1 } });
    }
  }
  should.push({ term: { [SKU_TERMS_FIELD]: { value: surface, boost: boosts.sku } } });
  return { bool: { should, minimum_should_match: 1 } };
}
