import { MAX_SYNONYM_WORDS, SynonymIndex } from '../../../../shared/merchandising/synonym-index';
import type { SynonymEntry } from '../../../../shared/storefront-config/schemas';

const english = (...entries: SynonymEntry[]) => new SynonymIndex('en', entries);

describe('SynonymIndex.rewrite', () => {
  describe('equivalent groups', () => {
    const index = english({ terms: ['sneakers', 'trainers', 'running shoes'] });

    it('rewrites each term of the group to every other, the typed words first', () => {
      expect(index.rewrite('sneakers')).toEqual([
        { start: 0, length: 1, alternatives: ['sneakers', 'trainers', 'running shoes'] },
      ]);
      expect(index.rewrite('trainers')).toEqual([
        { start: 0, length: 1, alternatives: ['trainers', 'sneakers', 'running shoes'] },
      ]);
      expect(index.rewrite('running shoes')).toEqual([
        { start: 0, length: 2, alternatives: ['running shoes', 'sneakers', 'trainers'] },
      ]);
    });

    it('places the run at the word where the term occurs', () => {
      expect(index.rewrite('red trainers for kids')).toEqual([
        { start: 1, length: 1, alternatives: ['trainers', 'sneakers', 'running shoes'] },
      ]);
      expect(index.rewrite('blue running shoes')).toEqual([
        { start: 1, length: 2, alternatives: ['running shoes', 'sneakers', 'trainers'] },
      ]);
    });

    it('lists the words as typed (lower-cased tokens), not as the entry spells them', () => {
      expect(index.rewrite('TRAINER')).toEqual([
        { start: 0, length: 1, alternatives: ['trainer', 'sneakers', 'running shoes'] },
      ]);
      expect(index.rewrite('Running  Shoe')).toEqual([
        { start: 0, length: 2, alternatives: ['running shoe', 'sneakers', 'trainers'] },
      ]);
    });

    it('finds nothing in a query without any term', () => {
      expect(index.rewrite('red boots')).toEqual([]);
      expect(index.rewrite('')).toEqual([]);
    });

    it('does not match one word of a multi-word term alone', () => {
      expect(index.rewrite('running')).toEqual([]);
      expect(index.rewrite('shoes')).toEqual([]);
      expect(index.rewrite('shoes running')).toEqual([]);
    });
  });

  describe('one-way entries', () => {
    const index = english({ from: 'wellies', to: ['rain boots', 'gumboots'] });

    it('rewrites from to itself and its targets', () => {
      expect(index.rewrite('wellies')).toEqual([
        { start: 0, length: 1, alternatives: ['wellies', 'rain boots', 'gumboots'] },
      ]);
    });

    it('does not rewrite a target back to from or to the other targets', () => {
      expect(index.rewrite('gumboots')).toEqual([]);
      expect(index.rewrite('rain boots')).toEqual([]);
    });
  });

  describe('stems', () => {
    it('finds a group by the English stems of the typed words', () => {
      const index = english({ terms: ['trainer', 'sneaker'] });
      expect(index.rewrite('trainers')).toEqual([{ start: 0, length: 1, alternatives: ['trainers', 'sneaker'] }]);
      expect(index.rewrite('sneakers')).toEqual([{ start: 0, length: 1, alternatives: ['sneakers', 'trainer'] }]);
    });

    it('compares stems, not prefixes: "training" (stem "train") does not find "trainer"', () => {
      expect(english({ terms: ['trainer', 'sneaker'] }).rewrite('training')).toEqual([]);
    });

    it('stems every word of a multi-word term', () => {
      const index = english({ terms: ['running shoe', 'trainer'] });
      expect(index.rewrite('run shoes')).toEqual([{ start: 0, length: 2, alternatives: ['run shoes', 'trainer'] }]);
    });

    it('folds case and accents as the analyzer does', () => {
      const index = english({ terms: ['café', 'coffee shop'] });
      expect(index.rewrite('CAFE')).toEqual([{ start: 0, length: 1, alternatives: ['cafe', 'coffee shop'] }]);
    });

    it('stems in the index language, not English', () => {
      const entries: SynonymEntry[] = [{ terms: ['hose', 'beinkleid'] }];
      expect(new SynonymIndex('de', entries).rewrite('hosen')).toEqual([
        { start: 0, length: 1, alternatives: ['hosen', 'beinkleid'] },
      ]);
      // English stems "hosen" to itself and "hose" to itself, so the German plural does not find the group there.
      expect(new SynonymIndex('en', entries).rewrite('hosen')).toEqual([]);
    });
  });

  describe('alternatives', () => {
    it("leaves out every term with the typed words' stems (the typed words stand for them)", () => {
      const index = english({ terms: ['trainers', 'sneakers'] });
      // "trainer" has the stem of "trainers": the entry's spelling is not listed a second time.
      expect(index.rewrite('trainer')).toEqual([{ start: 0, length: 1, alternatives: ['trainer', 'sneakers'] }]);
    });

    it('keeps the first spelling of terms with one stem within an entry', () => {
      const index = english({ terms: ['sneaker', 'sneakers', 'trainers'] });
      expect(index.rewrite('trainers')).toEqual([{ start: 0, length: 1, alternatives: ['trainers', 'sneaker'] }]);
    });

    it('keeps the first spelling of terms with one stem across entries', () => {
      const index = english({ terms: ['trainers', 'sneaker'] }, { terms: ['trainers', 'sneakers', 'plimsolls'] });
      expect(index.rewrite('trainers')).toEqual([
        { start: 0, length: 1, alternatives: ['trainers', 'sneaker', 'plimsolls'] },
      ]);
    });
  });

  describe('overlapping entries', () => {
    it('merges the terms of every entry a term is in, in the order of the entries', () => {
      const index = english({ terms: ['sofa', 'couch'] }, { terms: ['couch', 'settee'] });
      expect(index.rewrite('couch')).toEqual([{ start: 0, length: 1, alternatives: ['couch', 'sofa', 'settee'] }]);
      // Only terms sharing an entry with the typed one: no chain from sofa through couch to settee.
      expect(index.rewrite('sofa')).toEqual([{ start: 0, length: 1, alternatives: ['sofa', 'couch'] }]);
      expect(index.rewrite('settee')).toEqual([{ start: 0, length: 1, alternatives: ['settee', 'couch'] }]);
    });

    it('merges a one-way entry into a group its from is in, without making the group find back', () => {
      const index = english({ terms: ['jumper', 'sweater'] }, { from: 'jumper', to: ['pullover'] });
      expect(index.rewrite('jumper')).toEqual([
        { start: 0, length: 1, alternatives: ['jumper', 'sweater', 'pullover'] },
      ]);
      expect(index.rewrite('sweater')).toEqual([{ start: 0, length: 1, alternatives: ['sweater', 'jumper'] }]);
      expect(index.rewrite('pullover')).toEqual([]);
    });

    it('counts the distinct terms that find others', () => {
      expect(
        english({ terms: ['sofa', 'couch'] }, { terms: ['couch', 'settee'] }, { from: 'divan', to: ['sofa'] }).size,
      ).toBe(4);
      expect(english({ from: 'wellies', to: ['rain boots', 'gumboots'] }).size).toBe(1);
    });
  });

  describe('runs', () => {
    it('takes the longest term at a word before its shorter ones', () => {
      const index = english(
        { terms: ['shoes', 'footwear'] },
        { terms: ['running shoes', 'trainers'] },
        { terms: ['running', 'jogging'] },
      );
      expect(index.rewrite('running shoes')).toEqual([
        { start: 0, length: 2, alternatives: ['running shoes', 'trainers'] },
      ]);
      expect(index.rewrite('running')).toEqual([{ start: 0, length: 1, alternatives: ['running', 'jogging'] }]);
      expect(index.rewrite('shoes')).toEqual([{ start: 0, length: 1, alternatives: ['shoes', 'footwear'] }]);
    });

    it('rewrites several terms of a query, each once, in order', () => {
      const index = english({ terms: ['sofa', 'couch'] }, { terms: ['grey', 'gray'] });
      expect(index.rewrite('grey sofa and gray couch')).toEqual([
        { start: 0, length: 1, alternatives: ['grey', 'gray'] },
        { start: 1, length: 1, alternatives: ['sofa', 'couch'] },
        { start: 3, length: 1, alternatives: ['gray', 'grey'] },
        { start: 4, length: 1, alternatives: ['couch', 'sofa'] },
      ]);
    });

    it('never overlaps runs: a term starting inside a taken run is not rewritten', () => {
      const index = english({ terms: ['a b', 'x'] }, { terms: ['b c', 'y'] });
      expect(index.rewrite('a b c')).toEqual([{ start: 0, length: 2, alternatives: ['a b', 'x'] }]);
      // Without the first term the second one is found where it starts.
      expect(index.rewrite('b c')).toEqual([{ start: 0, length: 2, alternatives: ['b c', 'y'] }]);
    });

    it('lets the longest term at an earlier word win over a longer one starting later', () => {
      const index = english({ terms: ['a b', 'x'] }, { terms: ['b c d', 'y'] });
      expect(index.rewrite('a b c d')).toEqual([{ start: 0, length: 2, alternatives: ['a b', 'x'] }]);
    });

    it('counts words as the tokenizer does: punctuation separates', () => {
      const index = english({ terms: ['t-shirt', 'tee'] });
      expect(index.rewrite('white t shirt')).toEqual([{ start: 1, length: 2, alternatives: ['t shirt', 'tee'] }]);
      expect(index.rewrite('tshirt')).toEqual([]);
    });
  });

  describe('bounds', () => {
    it('returns no rewrites without entries', () => {
      const index = new SynonymIndex('en', []);
      expect(index.size).toBe(0);
      expect(index.rewrite('anything at all')).toEqual([]);
    });

    it('ignores terms without words', () => {
      const index = english({ terms: ['!!!', 'sofa'] });
      expect(index.size).toBe(1);
      expect(index.rewrite('!!!')).toEqual([]);
      expect(index.rewrite('sofa')).toEqual([{ start: 0, length: 1, alternatives: ['sofa', '!!!'] }]);
    });

    it(`finds terms of up to MAX_SYNONYM_WORDS (${MAX_SYNONYM_WORDS}) words and no longer`, () => {
      const words = ['one', 'two', 'three', 'four', 'five', 'six'];
      const longest = words.slice(0, MAX_SYNONYM_WORDS).join(' ');
      const tooLong = words.slice(0, MAX_SYNONYM_WORDS + 1).join(' ');
      expect(english({ terms: [longest, 'bingo'] }).rewrite(`say ${longest}`)).toEqual([
        { start: 1, length: MAX_SYNONYM_WORDS, alternatives: [longest, 'bingo'] },
      ]);
      expect(english({ terms: [tooLong, 'bingo'] }).rewrite(tooLong)).toEqual([]);
    });

    it('checks a longer term near the end of the query only as far as the query goes', () => {
      const index = english({ terms: ['a b c', 'x'] });
      expect(index.rewrite('z a b')).toEqual([]);
    });
  });
});
