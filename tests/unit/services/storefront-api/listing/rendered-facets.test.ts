import type { FacetResult } from '../../../../../shared/search';
import type { MediaDescriptor } from '../../../../../shared/media';
import { answerJson } from '../../../../../services/storefront-api/http/json-text';
import { facetPanel, type FacetPanelInput } from '../../../../../services/storefront-api/listing/facet-view';
import { RenderedFacets } from '../../../../../services/storefront-api/listing/rendered-facets';
import { catalogue } from '../../../../support/site-catalogue-fixture';

const site = catalogue();

/** Results in the catalogue's facet order (category, brand, colour, ...), `n` brands counted. */
const resultsWith = (n: number): FacetResult[] => [
  {
    kind: 'hierarchy',
    key: 'category',
    values: [{ value: '1', label: 'Clothing', count: 4, depth: 1, parent: null }],
    truncated: false,
  },
  {
    kind: 'terms',
    key: 'brand',
    values: Array.from({ length: n }, (_, i) => ({ value: `b${i}`, label: `Brand ${i}`, count: n - i })),
    truncated: false,
  },
  { kind: 'terms', key: 'colour', values: [{ value: 'red', label: 'Red', count: 2 }], truncated: false },
];

const inputOf = (results: FacetResult[], extra: Partial<FacetPanelInput> = {}): FacetPanelInput => ({
  catalogue: site,
  results,
  applied: [],
  language: 'en',
  swatchImages: new Map(),
  ...extra,
});

/** Results a FacetMemo would have kept: all of them, or none. */
const keepingAll = { holds: () => true };
const keepingNone = { holds: () => false };

const sent = (panel: { json: { text: string } }) => JSON.parse(answerJson(panel.json));

describe('RenderedFacets', () => {
  it('keeps the panel of kept results, the same as rendering them anew', () => {
    const panels = new RenderedFacets(keepingAll);
    const input = inputOf(resultsWith(3), { applied: [{ facet: 'brand', value: 'b1' }] });
    const first = panels.panel(input);
    expect(sent(first)).toEqual(sent(facetPanel(input)));
    expect(first.labels).toEqual(new Map([['brand\u0000b1', 'Brand 1']]));
    expect(panels.panel({ ...input })).toBe(first);
    expect(panels.size).toBeGreaterThan(first.json.text.length);
  });

  it('renders results no memo keeps each time, keeping nothing', () => {
    const panels = new RenderedFacets(keepingNone);
    const input = inputOf(resultsWith(3));
    expect(panels.panel(input)).not.toBe(panels.panel(input));
    expect(panels.size).toBe(0);
  });

  it('keeps a panel apart for other results, language, applied values, catalogue and swatch images', () => {
    const panels = new RenderedFacets(keepingAll);
    const results = resultsWith(3);
    const input = inputOf(results);
    const first = panels.panel(input);
    const logo: MediaDescriptor = JSON.parse('{"id":"x","kind":"image"}');
    const others = [
      inputOf(resultsWith(3)),
      inputOf(results, { language: 'sv' }),
      inputOf(results, { applied: [{ facet: 'colour', value: 'red' }] }),
      inputOf(results, { applied: [{ facet: 'brand', value: 'b1\u0001brand\u0000b2' }] }),
      inputOf(results, {
        applied: [
          { facet: 'brand', value: 'b1' },
          { facet: 'brand', value: 'b2' },
        ],
      }),
      inputOf(results, { catalogue: catalogue() }),
      inputOf(results, { swatchImages: new Map([['red.png', logo]]) }),
    ];
    const made = others.map((other) => panels.panel(other));
    made.forEach((panel, i) => {
      expect(panel).not.toBe(first);
      expect(sent(panel)).toEqual(sent(facetPanel(others[i] as FacetPanelInput)));
    });
    expect(new Set(made).size).toBe(others.length);
    expect(sent(panels.panel(inputOf(results, { language: 'sv' })))[0].label).toBe('Kategori');
    expect(panels.panel(input)).toBe(first);
  });

  it('holds at most its bound in characters, least recently used out', () => {
    const one = facetPanel(inputOf(resultsWith(40))).json.text.length;
    const panels = new RenderedFacets(keepingAll, one * 3);
    const inputs = Array.from({ length: 10 }, () => inputOf(resultsWith(40)));
    const first = panels.panel(inputs[0] as FacetPanelInput);
    for (const input of inputs) {
      panels.panel(input);
      expect(panels.size).toBeLessThanOrEqual(one * 3);
    }
    expect(panels.size).toBeGreaterThan(one);
    const last = panels.panel(inputs[9] as FacetPanelInput);
    expect(panels.panel(inputs[9] as FacetPanelInput)).toBe(last);
    expect(panels.panel(inputs[0] as FacetPanelInput)).not.toBe(first);
  });
});
