import type { SearchDocument } from '../../../../../shared/search';
import type { ContractContext } from './context';
import { FIXTURE_FIELDS, fixtureDocuments } from './fixture';

/** 1000 values held twice each, and one rarer value that falls outside the 1000 most common. */
function poolDocuments(): SearchDocument[] {
  const template = fixtureDocuments()[0] as SearchDocument;
  const tag = (i: number): string => `v${String(i).padStart(4, '0')}`;
  const docs = Array.from({ length: 2000 }, (_, i) => ({ ...template, id: `d${i}`, facets: { tag: [tag(i % 1000)] } }));
  docs.push({ ...template, id: 'rare', facets: { tag: ['zebra'] } });
  return docs;
}

/** Search-in-facet limits: only the 1000 most common values are searched, at most 50 returned. */
export function facetPoolCases(ctx: ContractContext): void {
  describe('facetValues limits', () => {
    const name = ctx.unique('pool');

    beforeAll(async () => {
      await ctx.engine().createIndex(name, { languages: ['en'], fields: { ...FIXTURE_FIELDS, facets: ['tag'] } });
      await ctx.engine().bulk(
        name,
        poolDocuments().map((document) => ({ action: 'index', document })),
      );
      await ctx.engine().refresh(name);
    });

    it('returns at most 50 values, by count then value', async () => {
      const response = await ctx.engine().facetValues(name, { key: 'tag', q: 'v0', language: 'en', market: 'se' });
      expect(response.values).toHaveLength(50);
      expect(response.values[0]).toEqual({ value: 'v0000', label: null, count: 2 });
      expect(response.values[49]?.value).toBe('v0049');
    });

    it('ignores values outside the 1000 most common', async () => {
      const response = await ctx.engine().facetValues(name, { key: 'tag', q: 'zebra', language: 'en', market: 'se' });
      expect(response.values).toEqual([]);
    });
  });
}
