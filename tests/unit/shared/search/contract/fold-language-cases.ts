import type { SearchDocument } from '../../../../../shared/search';
import { type ContractContext, idSet } from './context';
import { FIXTURE_FIELDS, fixtureDocuments } from './fixture';

const TEMPLATE = fixtureDocuments()[0] as SearchDocument;

/** A product on market se with the given English name, brand label and per-language text. */
function product(id: string, text: SearchDocument['text'], brand: string, brandLabel: string): SearchDocument {
  const languages = Object.keys(text);
  return {
    ...TEMPLATE,
    id,
    text,
    skus: [`SKU-${id}`],
    facets: { brand: [brand] },
    labels: { brand: { [brand]: Object.fromEntries(languages.map((lang) => [lang, brandLabel])) } },
    sortKeys: { name: Object.fromEntries(languages.map((lang) => [lang, id])), createdAt: 1 },
    card: { id },
  };
}

const en = (name: string) => ({ en: { name, brand: '', description: '' } });

/** Letters Unicode does not decompose (ø, æ, ł, œ, ß) fold the same way in both engines, in text and labels; typos too. */
function foldParityCases(ctx: ContractContext): void {
  describe('fold parity', () => {
    const name = ctx.unique('fold');
    const docs = [
      product('f1', en('Smørrebrød Plate'), 'orsted', 'Ørsted'),
      product('f2', en('Æble Juice'), 'aeroe', 'Ærø'),
      product('f3', en('Łódź Mug'), 'lodz', 'Łódź Crafts'),
      product('f4', en('Œuvre Poster'), 'oeuvre', 'Œuvre'),
      product('f5', en('Straße Sign'), 'gross', 'Großmann'),
      product('f6', en('Brass Lantern'), 'gross', 'Großmann'),
      product('f7', en('Paper Lanterns'), 'gross', 'Großmann'),
    ];

    beforeAll(async () => {
      await ctx.engine().createIndex(name, { languages: ['en'], fields: FIXTURE_FIELDS });
      const result = await ctx.engine().bulk(
        name,
        docs.map((document) => ({ action: 'index' as const, document })),
      );
      expect(result.failures).toEqual([]);
      await ctx.engine().refresh(name);
    });

    const found = async (text: string) =>
      idSet(await ctx.engine().search(name, { text, language: 'en', market: 'se' }));

    it.each([
      ['smorrebrod', 'f1'],
      ['SMØRREBRØD', 'f1'],
      ['aeble', 'f2'],
      ['æble', 'f2'],
      ['lodz', 'f3'],
      ['łódź', 'f3'],
      ['oeuvre', 'f4'],
      ['Œuvre', 'f4'],
      ['strasse', 'f5'],
      ['straße', 'f5'],
      ['STRASSE', 'f5'],
    ])('text %s finds %s', async (text, id) => {
      expect(await found(text)).toEqual([id]);
    });

    it('a typo matches every inflection of the word one edit away, not only that surface', async () => {
      // "lanterm" is one edit from "lantern" and two from "lanterns": both engines correct to the stem, so a
      // fuzzy match on surfaces (f6 only) would fail here. Likewise "lanterms" reaches f6 through "lanterns".
      expect(await found('lanterm')).toEqual(['f6', 'f7']);
      expect(await found('lanterms')).toEqual(['f6', 'f7']);
      expect(await found('brass lanterm')).toEqual(['f6']);
    });

    it('name prefixes fold the same way in suggest', async () => {
      for (const q of ['smor', 'smør', 'lod', 'łó', 'oeu', 'œu', 'stras', 'straß']) {
        const response = await ctx.engine().suggest(name, { q, language: 'en', market: 'se', facetKeys: [] });
        expect([q, response.hits.length]).toEqual([q, 1]);
      }
    });

    it('facet labels fold the same way in search-in-facet and suggest', async () => {
      const values = async (q: string) =>
        (await ctx.engine().facetValues(name, { key: 'brand', q, language: 'en', market: 'se' })).values.map(
          (v) => v.value,
        );
      expect(await values('orst')).toEqual(['orsted']);
      expect(await values('ØRST')).toEqual(['orsted']);
      expect(await values('aer')).toEqual(['aeroe']);
      expect(await values('lodz')).toEqual(['lodz']);
      expect(await values('oeuv')).toEqual(['oeuvre']);
      expect(await values('grossm')).toEqual(['gross']);
      expect(await values('lant')).toEqual([]);
      const suggested = await ctx
        .engine()
        .suggest(name, { q: 'Ærø', language: 'en', market: 'se', facetKeys: ['brand'] });
      expect(suggested.values.map((v) => [v.value, v.label])).toEqual([['aeroe', 'Ærø']]);
    });
  });
}

/** Region-tagged and upper-case language codes stem like their primary language, in both engines. */
function regionLanguageCases(ctx: ContractContext): void {
  describe('region-tagged languages', () => {
    const name = ctx.unique('region');

    beforeAll(async () => {
      await ctx.engine().createIndex(name, { languages: ['de-AT', 'EN'], fields: FIXTURE_FIELDS });
      const docs = [
        product(
          'r1',
          {
            'de-AT': { name: 'Schuhe zum Laufen', brand: '', description: '' },
            EN: { name: 'Running Shoes', brand: '', description: '' },
          },
          'nike',
          'Nike',
        ),
        product(
          'r2',
          {
            'de-AT': { name: 'Häuser aus Holz', brand: '', description: '' },
            EN: { name: 'Wooden Houses', brand: '', description: '' },
          },
          'nike',
          'Nike',
        ),
      ];
      const result = await ctx.engine().bulk(
        name,
        docs.map((document) => ({ action: 'index' as const, document })),
      );
      expect(result.failures).toEqual([]);
      await ctx.engine().refresh(name);
    });

    const found = async (text: string, language: string) =>
      idSet(await ctx.engine().search(name, { text, language, market: 'se' }));

    it('de-AT is stemmed as German', async () => {
      expect(await found('schuh', 'de-AT')).toEqual(['r1']);
      expect(await found('haus', 'de-AT')).toEqual(['r2']);
    });

    it('EN is stemmed as English', async () => {
      expect(await found('shoe', 'EN')).toEqual(['r1']);
      expect(await found('run', 'EN')).toEqual(['r1']);
      expect(await found('house', 'EN')).toEqual(['r2']);
    });

    it('queries name the language exactly as the index lists it', async () => {
      expect(await found('shoe', 'en')).toEqual([]);
      expect(await found('shoe', 'EN')).toEqual(['r1']);
    });
  });
}

/** Folding and language-code cases, each on its own small index. */
export function foldLanguageCases(ctx: ContractContext): void {
  foldParityCases(ctx);
  regionLanguageCases(ctx);
}
