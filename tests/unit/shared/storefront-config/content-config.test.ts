import { ConfigValidationError } from '../../../../shared/storefront-config/errors';
import { contentSchema, siteConfigSchema } from '../../../../shared/storefront-config/schemas';
import { validateSiteConfig, type TenantConfigFacts } from '../../../../shared/storefront-config/validate-config';

const FACTS: TenantConfigFacts = {
  priceLists: new Map([[1, 'SEK']]),
  categoryIds: new Set(),
  otherSiteCodes: new Set(),
};
const SITE = { code: 'main', name: 'Main', ecomSiteId: 1 };

/** The fields a content block's parse names, as the API would name them under `content`. */
function refused(block: unknown): string[] {
  const result = contentSchema.safeParse(block);
  if (result.success) return [];
  return ConfigValidationError.fromZod(result.error, 'content').issues.map((i) => i.field);
}

describe('contentSchema', () => {
  it('zero-config: each field from its own property, every attribute as stored', () => {
    expect(contentSchema.parse({})).toEqual({
      shortDescription: { property: 'shortDescription' },
      description: { property: 'description' },
      attributes: null,
    });
  });

  it('a config stored before the block existed reads as zero-config', () => {
    const config = siteConfigSchema.parse({ site: SITE, markets: [], facets: [], collections: [], queryRules: [] });
    expect(config.content).toEqual(contentSchema.parse({}));
  });

  it('takes a property, an attribute or null for each field', () => {
    const block = contentSchema.parse({ shortDescription: { attribute: 'teaser' }, description: null });
    expect(block).toMatchObject({ shortDescription: { attribute: 'teaser' }, description: null });
    expect(contentSchema.parse({ shortDescription: { property: 'description' } }).shortDescription).toEqual({
      property: 'description',
    });
  });

  it('refuses an unknown property, an empty attribute key and a source naming both', () => {
    expect(refused({ shortDescription: { property: 'seoTitle' } })).toEqual(['content.shortDescription']);
    expect(refused({ description: { attribute: '  ' } })).toEqual(['content.description.attribute']);
    expect(refused({ description: { property: 'description', attribute: 'care' } })).toEqual(['content.description']);
  });

  it("fills a mapped attribute's defaults: no labels, the stored type", () => {
    expect(contentSchema.parse({ attributes: [{ key: 'fabric', attribute: 'material' }] }).attributes).toEqual([
      { key: 'fabric', attribute: 'material', label: {}, type: null },
    ]);
  });

  it("refuses a mapped attribute's broken fields, each named", () => {
    const fields = refused({
      attributes: [
        { key: 'Fabric!', attribute: 'material' },
        { key: 'care', attribute: '' },
        { key: 'size', attribute: 'size', type: 'date' },
        { key: 'x', attribute: 'x', label: { english: 'X' } },
        { key: 'y', attribute: 'y', colour: 'red' },
      ],
    });
    expect(fields).toEqual([
      'content.attributes[0].key',
      'content.attributes[1].attribute',
      'content.attributes[2].type',
      'content.attributes[3].label.english',
      'content.attributes[4]',
    ]);
  });

  it('refuses more than 200 mapped attributes and unknown fields of the block', () => {
    const many = Array.from({ length: 201 }, (_, i) => ({ key: `a${i}`, attribute: `a${i}` }));
    expect(refused({ attributes: many })).toEqual(['content.attributes']);
    expect(refused({ seo: {} })).toEqual(['content']);
  });
});

describe('validateSiteConfig on the content block', () => {
  it('refuses two shown attributes under one key, naming the second', () => {
    const config = siteConfigSchema.parse({
      site: SITE,
      markets: [],
      facets: [],
      collections: [],
      queryRules: [],
      content: {
        attributes: [
          { key: 'fabric', attribute: 'material' },
          { key: 'care', attribute: 'care' },
          { key: 'fabric', attribute: 'lining' },
        ],
      },
    });
    expect(validateSiteConfig(config, FACTS)).toEqual([
      { field: 'content.attributes[2].key', message: 'another shown attribute has this key' },
    ]);
  });

  it('allows one product attribute shown under two keys', () => {
    const config = siteConfigSchema.parse({
      site: SITE,
      markets: [],
      facets: [],
      collections: [],
      queryRules: [],
      content: {
        attributes: [
          { key: 'fabric', attribute: 'material' },
          { key: 'material', attribute: 'material' },
        ],
      },
    });
    expect(validateSiteConfig(config, FACTS)).toEqual([]);
  });
});
