import type { AnalyzedToken, Analyzer } from '../../../../../shared/search/analysis/analyzer';
import { createAnalyzer } from '../../../../../shared/search/analysis/analyzer';
import { memoAnalyzer } from '../../../../../shared/search/analysis/memo-analyzer';
import { OverlayMemo } from '../../../../../shared/search/embedded/lifecycle/overlay-memo';
import { fixtureDocuments } from '../contract/fixture';

/** The English analyzer, counting the texts it really analyses. */
function counting(): { analyzer: Analyzer; calls: string[] } {
  const inner = createAnalyzer('en');
  const calls: string[] = [];
  const analyze = (text: string): AnalyzedToken[] => {
    calls.push(text);
    return inner.analyze(text);
  };
  return { calls, analyzer: { ...inner, analyze } };
}

describe('memoAnalyzer', () => {
  it('gives the tokens of the analyzer, analysing each text once', () => {
    const { analyzer, calls } = counting();
    const memo = memoAnalyzer(analyzer);
    expect(memo.analyze('Red Jackets')).toEqual(createAnalyzer('en').analyze('Red Jackets'));
    memo.analyze('Red Jackets');
    memo.analyze('boots');
    expect(calls).toEqual(['Red Jackets', 'boots']);
    expect(memo.termOf('jackets')).toBe(createAnalyzer('en').termOf('jackets'));
  });

  it('starts over once it holds `limit` texts', () => {
    const { analyzer, calls } = counting();
    const memo = memoAnalyzer(analyzer, 2);
    for (const text of ['a', 'b', 'c', 'a']) memo.analyze(text);
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe('OverlayMemo', () => {
  const [doc] = fixtureDocuments();
  if (doc === undefined) throw new Error('the fixture has documents');

  it('serialises a document version once, and a new version of the same id anew', () => {
    const memo = new OverlayMemo();
    const line = memo.line(doc);
    expect(JSON.parse(line)).toEqual(doc);
    expect(memo.line(doc)).toBe(line);
    const changed = { ...doc, numbers: { ...doc.numbers, extra: 1 } };
    expect(JSON.parse(memo.line(changed))).toEqual(changed);
  });

  it('keeps one memoising analyzer per language until reset', () => {
    const memo = new OverlayMemo();
    const en = memo.analyzerOf('en');
    expect(memo.analyzerOf('en')).toBe(en);
    expect(memo.analyzerOf('sv')).not.toBe(en);
    memo.reset();
    expect(memo.analyzerOf('en')).not.toBe(en);
  });
});
