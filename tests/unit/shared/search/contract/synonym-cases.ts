import type { SearchResponse, SynonymRewrite } from '../../../../../shared/search';
import { type ContractContext, ids, idSet, listing } from './context';

/** The rewrite of the first `length` words of the text into `alternatives`. */
const rewrite = (alternatives: string[], start = 0, length = 1): SynonymRewrite => ({ start, length, alternatives });

/** Score of each hit by id. */
const scores = (response: SearchResponse): Record<string, number> =>
  Object.fromEntries(response.hits.map((h) => [h.id, h.score]));

/** Synonym rewrites: clauses of alternatives, phrases whose every word must match, and their scores. */
export function synonymCases(ctx: ContractContext): void {
  const search = (text: string, synonyms?: SynonymRewrite[]) =>
    ctx.engine().search(ctx.target(), listing({ text, ...(synonyms === undefined ? {} : { synonyms }) }));

  describe('merchandising: synonyms', () => {
    it('a rewrite to equivalent words finds what either word finds', async () => {
      const [boots, jacket, both] = await Promise.all([
        search('boots'),
        search('jacket'),
        search('boots', [rewrite(['boots', 'jacket'])]),
      ]);
      expect(idSet(boots)).toEqual(['p03']);
      expect(idSet(both)).toEqual(['p03', 'p04', 'p05', 'p06', 'p08']);
      expect(idSet(both)).toEqual([...ids(boots), ...ids(jacket)].sort());
      expect(both.total).toBe(5);
    });

    it('a rewrite applies only when sent, and only its alternatives match (one way)', async () => {
      expect(idSet(await search('jacket'))).not.toContain('p03');
      expect(idSet(await search('boots', [rewrite(['jacket'])]))).toEqual(['p04', 'p05', 'p06', 'p08']);
      // The rewrite of "boots" says nothing about "jacket": a request for jacket with it finds jackets only.
      expect(idSet(await search('jacket', [rewrite(['boots', 'jacket'], 1)]))).toEqual(['p04', 'p05', 'p06', 'p08']);
    });

    it('a multi-word alternative needs every one of its words', async () => {
      expect(idSet(await search('coat', [rewrite(['coat', 'rain jacket'])]))).toEqual(['p04']);
      expect(idSet(await search('coat', [rewrite(['coat', 'jacket'])]))).toEqual(['p04', 'p05', 'p06', 'p08']);
      expect((await search('coat', [rewrite(['coat', 'rain socks'])])).total).toBe(0);
    });

    it('a rewrite covers only its run of words; the other words stay required', async () => {
      // "warm jacket": warm is rewritten to warm or rain; jacket stays. p06 is warm (description), p04 rain.
      expect(idSet(await search('warm jacket', [rewrite(['warm', 'rain'])]))).toEqual(['p04', 'p06']);
      expect(idSet(await search('warm jacket'))).toEqual(['p06']);
      // A run of two words rewritten to one: "rain coat" -> jacket.
      expect(idSet(await search('rain coat', [rewrite(['jacket'], 0, 2)]))).toEqual(['p04', 'p05', 'p06', 'p08']);
    });

    it('alternatives keep typo and SKU matching', async () => {
      expect(idSet(await search('coat', [rewrite(['jakcet'])]))).toEqual(['p04', 'p05', 'p06', 'p08']);
      expect(ids(await search('coat', [rewrite(['coat', 'NK-RUN-1'])]))).toEqual(['p01']);
    });

    it('a multi-word alternative present in part adds nothing to the score', async () => {
      // No product has both rain and socks: p04 (rain) and p06 (socks) must score as for jacket alone.
      const [plain, partial] = await Promise.all([
        search('jacket'),
        search('jacket', [rewrite(['jacket', 'rain socks'])]),
      ]);
      expect(ids(plain)).toEqual(['p04', 'p05', 'p08', 'p06']);
      expect(ids(partial)).toEqual(ids(plain));
      for (const [id, score] of Object.entries(scores(plain))) expect(scores(partial)[id]).toBeCloseTo(score, 5);
    });

    it('a multi-word alternative that matches scores its words, where they match', async () => {
      const [phrase, rewritten] = await Promise.all([
        search('rain jacket'),
        search('coat', [rewrite(['coat', 'rain jacket'])]),
      ]);
      expect(ids(rewritten)).toEqual(['p04']);
      expect(rewritten.hits[0]?.score).toBeGreaterThan(0);
      expect(rewritten.hits[0]?.score).toBeCloseTo(phrase.hits[0]?.score ?? -1, 5);
    });

    it('a document matching several alternatives collects the score of each', async () => {
      // p04 is "Rain Jacket": it matches both alternatives, p05 and p08 only jacket.
      const [jacket, both] = await Promise.all([
        search('coat', [rewrite(['jacket'])]),
        search('coat', [rewrite(['jacket', 'rain'])]),
      ]);
      expect(ids(both)).toEqual(['p04', 'p05', 'p08', 'p06']);
      expect(scores(both).p04).toBeGreaterThan((scores(jacket).p04 ?? Infinity) + 0.01);
      expect(scores(both).p05).toBeCloseTo(scores(jacket).p05 ?? -1, 5);
    });

    it('a rewrite whose alternatives have no words drops its clause', async () => {
      expect(idSet(await search('warm jacket', [rewrite(['--'])]))).toEqual(['p04', 'p05', 'p06', 'p08']);
    });
  });
}
