import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { fixtureDocuments } from '../contract/fixture';

describe('hierarchy depth', () => {
  it('reports paths deeper than a byte can count', async () => {
    const segments = Array.from({ length: 300 }, (_, i) => `s${i}`);
    const paths = segments.map((_, i) => segments.slice(0, i + 1).join('/'));
    const [first] = fixtureDocuments();
    if (first === undefined) throw new Error('no fixture');
    const engine = new EmbeddedSearchEngine();
    await engine.createIndex('deep', { languages: ['en'] });
    await engine.bulk('deep', [{ action: 'index', document: { ...first, markets: ['se'], facets: { tree: paths } } }]);
    await engine.refresh('deep');
    const response = await engine.search('deep', {
      language: 'en',
      market: 'se',
      facets: [{ kind: 'hierarchy', key: 'tree' }],
    });
    const facet = response.facets[0];
    if (facet?.kind !== 'hierarchy') throw new Error('no hierarchy facet');
    const deepest = facet.values.find((v) => v.value === paths[299]);
    expect(deepest).toMatchObject({ depth: 300, parent: paths[298] });
  });
});
