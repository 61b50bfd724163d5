import type { ContractContext } from './context';

/** Spelling candidates for query correction: the index's own name words, two edits at most, most frequent first. */
export function spellingCases(ctx: ContractContext): void {
  const spelling = (words: string[], language = 'en') => ctx.engine().spelling(ctx.target(), { words, language });

  describe('spelling', () => {
    it('offers the name words within two edits of an unknown word, most frequent first', async () => {
      expect((await spelling(['runing', 'jakcet'])).words).toEqual([
        { word: 'runing', known: false, candidates: [{ term: 'running', edits: 1, docFreq: 4 }] },
        { word: 'jakcet', known: false, candidates: [{ term: 'jacket', edits: 1, docFreq: 3 }] },
      ]);
    });

    it('says which words the dictionary holds, folded, and still offers their neighbours', async () => {
      expect((await spelling(['SHOES'])).words).toEqual([
        { word: 'shoes', known: true, candidates: [{ term: 'shorts', edits: 2, docFreq: 1 }] },
      ]);
    });

    it('reads the dictionary of the request language, and offers nothing when nothing is close', async () => {
      expect((await spelling(['loparskor'], 'sv')).words[0]).toMatchObject({ known: true });
      expect((await spelling(['zzzzzzzz'])).words).toEqual([{ word: 'zzzzzzzz', known: false, candidates: [] }]);
    });

    it('a language the index does not analyse has no dictionary: every word unknown, no candidates', async () => {
      // The fixture analyses en, sv and de; "fi" (and "EN", since queries name a language exactly as listed) has no words.
      expect((await spelling(['Runing', 'shoes'], 'fi')).words).toEqual([
        { word: 'runing', known: false, candidates: [] },
        { word: 'shoes', known: false, candidates: [] },
      ]);
      expect((await spelling(['shoes'], 'EN')).words).toEqual([{ word: 'shoes', known: false, candidates: [] }]);
    });
  });
}
