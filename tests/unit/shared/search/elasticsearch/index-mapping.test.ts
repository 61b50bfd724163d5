import type { estypes } from '@elastic/elasticsearch';
import { siteIndexFields, type SearchDocument } from '../../../../../shared/search';
import { toProductSource } from '../../../../../shared/search/elasticsearch/document-source';
import { createIndexRequest } from '../../../../../shared/search/elasticsearch/index-body';
import {
  buildMappingProperties,
  countMappedFields,
  totalFieldsLimit,
} from '../../../../../shared/search/elasticsearch/index-mapping';

type Property = estypes.MappingProperty;

const LANGUAGES = ['en', 'sv', 'de-AT', 'fi'];
const MARKETS = ['se', 'de', 'at', 'fi', 'no', 'dk'];
const FACETS = Array.from({ length: 200 }, (_, i) => `f${String(i).padStart(3, '0')}`);
const FIELDS = siteIndexFields({
  markets: MARKETS,
  facets: FACETS,
  numbers: ['minTemp', 'weight.kg'],
  flags: ['organic'],
});

/** A document using every field the site allows, with dotted keys as the indexer writes them. */
function fullDocument(): SearchDocument {
  const text = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, { name: `Name ${lang}`, brand: 'Brand', description: 'Text' }]),
  );
  return {
    id: 'p1',
    markets: MARKETS,
    text,
    skus: ['AB-1'],
    facets: Object.fromEntries(FACETS.map((key) => [key, ['v1', 'v2']])),
    labels: Object.fromEntries(
      FACETS.map((key) => [key, { v1: Object.fromEntries(LANGUAGES.map((lang) => [lang, `Label ${lang}`])) }]),
    ),
    numbers: { ...Object.fromEntries(MARKETS.map((m) => [`price.${m}`, 100])), minTemp: -5, 'weight.kg': 1.5 },
    flags: { ...Object.fromEntries(MARKETS.map((m) => [`inStock.${m}`, true])), organic: false },
    sortKeys: { name: Object.fromEntries(LANGUAGES.map((lang) => [lang, 'name'])), createdAt: 1 },
    popularity: 3,
    card: { deep: { nested: ['anything', 1, { goes: true }] } },
  };
}

/** The JSON type Elasticsearch would need to find at a mapped leaf, or why the value cannot go there. */
function leafProblem(property: Property, value: unknown, path: string): string | null {
  const values = Array.isArray(value) ? value : [value];
  const expected: Record<string, string> = {
    keyword: 'string',
    text: 'string',
    double: 'number',
    long: 'number',
    boolean: 'boolean',
  };
  const want = property.type === undefined ? undefined : expected[property.type];
  if (want === undefined) return `${path}: unexpected leaf type ${String(property.type)}`;
  return values.every((v) => typeof v === want) ? null : `${path}: ${JSON.stringify(value)} is not a ${property.type}`;
}

/**
 * Walks a source the way Elasticsearch parses it: dotted keys split into objects; every leaf must meet a mapped
 * leaf of its JSON type, every object a mapped object (never a leaf: document_parsing_exception), and nothing
 * may be unmapped (dynamic: strict). Returns the problems and the leaf paths it checked.
 */
function check(
  properties: Record<string, Property>,
  source: Record<string, unknown>,
  prefix = '',
): { problems: string[]; leaves: string[] } {
  const out = { problems: [] as string[], leaves: [] as string[] };
  for (const [rawKey, value] of Object.entries(source)) {
    const [head, ...rest] = rawKey.split('.');
    const key = head ?? '';
    const path = `${prefix}${key}`;
    const property = properties[key];
    const nested = rest.length > 0 ? { [rest.join('.')]: value } : value;
    if (property === undefined) out.problems.push(`${path}: not mapped`);
    else if (property.type === 'object' && 'enabled' in property && property.enabled === false) out.leaves.push(path);
    else if (typeof nested === 'object' && nested !== null && !Array.isArray(nested)) {
      if (property.type !== 'object' || !('properties' in property) || property.properties === undefined)
        out.problems.push(`${path}: object where a leaf is mapped`);
      else {
        const inner = check(property.properties, nested as Record<string, unknown>, `${path}.`);
        out.problems.push(...inner.problems);
        out.leaves.push(...inner.leaves);
      }
    } else {
      const problem = leafProblem(property, nested, path);
      if (problem !== null) out.problems.push(problem);
      out.leaves.push(path);
    }
  }
  return out;
}

describe('generated mapping for 4 languages, 200 facets and 6 markets', () => {
  const properties = buildMappingProperties(LANGUAGES, FIELDS);

  it('maps every field a full document uses, with its type, and no object where a leaf is mapped', () => {
    const source = toProductSource(fullDocument(), LANGUAGES) as unknown as Record<string, unknown>;
    const { problems, leaves } = check(properties, source);
    expect(problems).toEqual([]);
    expect(leaves).toContain('numbers.price.se');
    expect(leaves).toContain('flags.inStock.dk');
    expect(leaves).toContain('numbers.weight.kg');
    expect(leaves).toContain('facetLabels.f199.de-AT');
    expect(leaves).toContain('facetPrefixes.f000.fi');
    expect(leaves).toContain('sortKeys.name.sv');
    // 4 languages x 3 parts, 200 facets, 200 x 4 pairs twice, 8 numbers, 7 flags, 4 sort names; id, markets,
    // popularity, skuTerms, createdAt and the card.
    expect(leaves).toHaveLength(12 + 200 + 800 + 800 + 8 + 7 + 4 + 6);
  });

  it('the check itself catches the defect of the old templates: an object where a leaf is mapped', () => {
    const broken = { numbers: { type: 'double' } } satisfies Record<string, Property>;
    expect(check(broken, { numbers: { 'price.se': 1 } }).problems).toEqual(['numbers: object where a leaf is mapped']);
    expect(check(properties, { extra: 1 }).problems).toEqual(['extra: not mapped']);
    expect(check(properties, { numbers: { 'price.se': 'cheap' } }).problems).toEqual([
      'numbers.price.se: "cheap" is not a double',
    ]);
  });

  it('counts fields as total_fields.limit does and sets a limit above the count', () => {
    // Objects, leaves and multi-fields all count (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/mapping-settings-limit.html):
    const text = 1 + 4 * (1 + 3) + 4 * (3 + 1); // text, per language object + 3 parts, folded sub-fields + name prefix
    const facets = 1 + 200; // facets object + one keyword per key
    const pairs = 2 * (1 + 200 * (1 + 4)); // facetLabels and facetPrefixes: object, per key object + 4 languages
    const numbers = 1 + 1 + 6 + 1 + 1 + 1; // numbers, price object + 6 markets, minTemp, weight object + kg
    const flags = 1 + 1 + 6 + 1; // flags, inStock object + 6 markets, organic
    const rest = 4 + (1 + 1 + 1 + 4) + 1; // id, markets, skuTerms, popularity; sortKeys, createdAt, name + 4; card
    const expected = text + facets + pairs + numbers + flags + rest;
    expect(countMappedFields(properties)).toBe(expected);
    expect(expected).toBeGreaterThan(1000); // the default limit would refuse every document
    const request = createIndexRequest('shop-1', { languages: LANGUAGES, fields: FIELDS });
    const limit = (request.settings!.index as { mapping: { total_fields: { limit: number } } }).mapping.total_fields
      .limit;
    expect(limit).toBe(totalFieldsLimit(expected));
    expect(limit).toBeGreaterThanOrEqual(expected);
  });

  it('stems region-tagged languages and refuses keys that cannot be mapped', () => {
    const text = properties.text as {
      properties: Record<string, { properties: Record<string, { analyzer: string }> }>;
    };
    expect(text.properties['de-AT']?.properties.name?.analyzer).toBe('aisle_de');
    expect(text.properties.fi?.properties.name?.analyzer).toBe('aisle_folded');
    expect(() => buildMappingProperties(['en'], { facets: [], numbers: ['price', 'price.se'], flags: [] })).toThrow(
      /price/,
    );
    expect(() => buildMappingProperties(['en'], { facets: ['a..b'], numbers: [], flags: [] })).toThrow(/empty segment/);
    expect(() => buildMappingProperties(['en.x'], { facets: [], numbers: [], flags: [] })).toThrow(/language/);
  });
});
