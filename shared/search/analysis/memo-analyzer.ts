import type { AnalyzedToken, Analyzer } from './analyzer';

/** Texts remembered before the memo starts over (bounds a long-lived writer's memory). */
const MEMO_LIMIT = 50_000;

/**
 * An analyzer that remembers the tokens of each text it analysed. A delta's overlay is rebuilt on every refresh
 * from mostly the same documents, so their texts are analysed once rather than once per refresh. The token
 * lists are shared between calls and must not be changed.
 */
export function memoAnalyzer(analyzer: Analyzer, limit = MEMO_LIMIT): Analyzer {
  const memo = new Map<string, AnalyzedToken[]>();
  return {
    language: analyzer.language,
    termOf: analyzer.termOf,
    analyze: (text) => {
      let tokens = memo.get(text);
      if (tokens === undefined) {
        if (memo.size >= limit) memo.clear();
        tokens = analyzer.analyze(text);
        memo.set(text, tokens);
      }
      return tokens;
    },
  };
}
