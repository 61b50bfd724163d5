import { fold } from '../analysis/fold';
import { MIN_TYPO_LENGTH, TYPO_WEIGHT } from '../analysis/typo-variants';
import type { FieldBoosts } from '../index-settings';
import { SKU_TERMS_FIELD, textField, type TextPart } from './es-fields';
import type { EsQuery } from './filter-clauses';
import type { TypoTerms } from './typo-expansion';

const PARTS: readonly TextPart[] = ['name', 'brand', 'description'];

/** A boost rounded to avoid float noise such as 1.6000000000000001 in request bodies. */
function weight(boost: number): number {
  return Math.round(boost * 1000) / 1000;
}

function boosted(field: string, boost: number): string {
  return `${field}^${weight(boost)}`;
}

/** What the text clauses need to know about the index and the query's typo neighbours. */
export interface TextContext {
  language: string;
  analysed: boolean;
  boosts: FieldBoosts;
  /** Stems of the words one edit away from each query word (typo-expansion); none when absent. */
  typos?: TypoTerms;
}

/**
 * The request's text clauses (merchandising textClauses), all required. A clause of one alternative is that
 * alternative's query; several alternatives are a bool `should` with minimum_should_match 1, whose score is
 * the sum of the alternatives that match, as the embedded engine adds them
 * (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/query-dsl-bool-query.html). So a text without
 * rewrites is one clause per word, as before synonyms existed. Empty when the text has no words. Pure.
 */
export function textQueries(clauses: readonly (readonly (readonly string[])[])[], context: TextContext): EsQuery[] {
  return clauses.map((alternatives) => {
    const queries = alternatives.map((words) => alternativeQuery(words, context));
    return queries.length === 1 ? (queries[0] as EsQuery) : { bool: { should: queries, minimum_should_match: 1 } };
  });
}

/**
 * An alternative matches when each of its words does, and scores the sum of its words' clauses: a bool `must`
 * scores the sum of its clauses. A single word is its own clause.
 */
function alternativeQuery(words: readonly string[], context: TextContext): EsQuery {
  const clauses = words.map((word) => wordClause(word, context));
  return clauses.length === 1 ? (clauses[0] as EsQuery) : { bool: { must: clauses } };
}

/**
 * The stems of the typo neighbours, per field, at the typo weight: term queries on the stemmed fields, so a
 * typo matches every inflection of the word it corrects to, and exact hits get nothing extra (as embedded).
 */
function typoClauses(stems: readonly string[], { language, boosts }: TextContext): EsQuery[] {
  return stems.flatMap((stem) =>
    PARTS.map((part) => ({
      term: { [textField(language, part)]: { value: stem, boost: weight(boosts[part] * TYPO_WEIGHT) } },
    })),
  );
}

/**
 * One query word: its stem in a text field, a stem of a word one edit away (5+ letters, weight 0.4), or an
 * exact SKU term.
 */
function wordClause(word: string, context: TextContext): EsQuery {
  const { language, analysed, boosts } = context;
  const surface = fold(word);
  const should: EsQuery[] = [];
  if (analysed) {
    const stemmed = PARTS.map((part) => boosted(textField(language, part), boosts[part]));
    should.push({ multi_match: { query: word, fields: stemmed, type: 'most_fields' } });
    if (surface.length >= MIN_TYPO_LENGTH) should.push(...typoClauses(context.typos?.get(surface) ?? [], context));
  }
  should.push({ term: { [SKU_TERMS_FIELD]: { value: surface, boost: boosts.sku } } });
  return { bool: { should, minimum_should_match: 1 } };
}
