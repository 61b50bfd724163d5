import { fold, foldedLabel } from '../analysis/fold';

/**
 * A facet value is indexed, per language, as one keyword "value␟folded␟=label" (or "value␟folded␟" when
 * unlabelled, folded then being the folded value key). Counting these pairs gives the value counts and the
 * label in one terms aggregation; the unit separator sorts below every printable character, so pairs sort
 * like their values, and a regex on the folded part finds labels by prefix.
 */
const PAIR_SEPARATOR = '\u001f';

/** A decoded pair. */
export interface LabelPair {
  value: string;
  folded: string;
  label: string | null;
}

/** The pair term of a value and its label (null when the value has no label in that language). */
export function encodePair(value: string, label: string | null): string {
  const folded = foldedLabel(value, label);
  return [value, folded, label === null ? '' : `=${label}`].join(PAIR_SEPARATOR);
}

/**
 * The folded-first pair "folded␟value␟=label" (facetPrefixes): the same facts in an order whose folded label
 * leads, so a label-prefix `include` regex starts with a literal and Lucene seeks to it instead of walking
 * every term of the facet.
 */
export function encodePrefixPair(value: string, label: string | null): string {
  return [foldedLabel(value, label), value, label === null ? '' : `=${label}`].join(PAIR_SEPARATOR);
}

/** Reads a folded-first pair back; a term without separators (a plain value key) decodes as an unlabelled value. */
export function decodePrefixPair(term: string): LabelPair {
  const [folded, value, rest] = term.split(PAIR_SEPARATOR);
  if (value === undefined) return { value: term, folded: fold(term), label: null };
  return { value, folded: folded ?? '', label: rest?.startsWith('=') ? rest.slice(1) : null };
}

/** Reads a pair term back; a term without separators (a plain value key) decodes as an unlabelled value. */
export function decodePair(term: string): LabelPair {
  const first = term.indexOf(PAIR_SEPARATOR);
  if (first < 0) return { value: term, folded: fold(term), label: null };
  const second = term.indexOf(PAIR_SEPARATOR, first + 1);
  const value = term.slice(0, first);
  const folded = second < 0 ? term.slice(first + 1) : term.slice(first + 1, second);
  const rest = second < 0 ? '' : term.slice(second + 1);
  return { value, folded, label: rest.startsWith('=') ? rest.slice(1) : null };
}

const LUCENE_LITERAL = /[\p{L}\p{N}]/u;

/** Escapes text for a Lucene regular expression: every character that is not a letter or digit. */
export function escapeLuceneRegex(text: string): string {
  return Array.from(text, (ch) => (LUCENE_LITERAL.test(ch) ? ch : `\\${ch}`)).join('');
}

/**
 * Terms-aggregation `include` regex keeping the folded-first pairs whose folded label starts with the folded
 * prefix: a literal prefix, so the terms are found by seeking, not by testing every one. The prefix holds no
 * separator, so it can only match inside the folded part.
 */
export function labelPrefixRegex(foldedPrefix: string): string {
  return `${escapeLuceneRegex(foldedPrefix)}.*`;
}
