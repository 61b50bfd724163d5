import { descriptionIn, shownAttributes, sourceText } from '../../../../indexer/documents/product-content';
import type { CatalogueAttribute } from '../../../../indexer/documents/catalogue-product';
import { contentSchema, type ContentConfig } from '../../../../shared/storefront-config/schemas';
import { shortText } from '../../../../shared/product-text/sanitize';
import { cardOf, CONFIG, documentOf, simpleProduct, T0 } from './product-fixture';

const ZERO = contentSchema.parse({});
const content = (block: unknown): ContentConfig => contentSchema.parse(block);

const attr = (key: string, type: string, values: string[], valueKeys: string[] | null = null): CatalogueAttribute => ({
  key,
  label: key.toUpperCase(),
  type,
  values,
  valueKeys,
});

const product = simpleProduct({
  attributes: [
    attr('material', 'list', ['Cotton', 'Linen'], ['cotton', 'linen']),
    attr('care', 'html', ['<p>Wash <b>cold</b></p>']),
    attr('teaser', 'text', ['Light and warm.']),
    attr('empty', 'text', []),
  ],
});

describe('sourceText', () => {
  const en = product.descriptions.en ?? null;
  it("reads the product's own property by default", () => {
    expect(sourceText(product, en, ZERO.shortDescription)).toBe('A warm jacket.');
    expect(sourceText(product, en, ZERO.description)).toBe('<p>Made of <strong>cotton</strong> &amp; love.</p>');
  });
  it('reads either property for either field', () => {
    expect(sourceText(product, en, { property: 'description' })).toContain('<strong>cotton</strong>');
    expect(sourceText(product, en, { property: 'shortDescription' })).toBe('A warm jacket.');
  });
  it("reads an attribute, a list's values joined", () => {
    expect(sourceText(product, en, { attribute: 'teaser' })).toBe('Light and warm.');
    expect(sourceText(product, en, { attribute: 'material' })).toBe('Cotton, Linen');
  });
  it('is null for no source, a missing or empty attribute, or a language without content', () => {
    expect(sourceText(product, en, null)).toBeNull();
    expect(sourceText(product, en, { attribute: 'absent' })).toBeNull();
    expect(sourceText(product, en, { attribute: 'empty' })).toBeNull();
    expect(sourceText(product, null, { property: 'shortDescription' })).toBeNull();
    expect(sourceText(product, product.descriptions.sv ?? null, { property: 'description' })).toBeNull();
  });
});

describe('descriptionIn', () => {
  it('falls back to the first site language that has content', () => {
    expect(descriptionIn(product, 'de', ['sv', 'en'])?.language).toBe('sv');
    expect(descriptionIn(product, 'en', ['sv'])?.language).toBe('en');
    expect(descriptionIn(simpleProduct({ descriptions: {} }), 'en', ['sv'])).toBeNull();
  });
});

describe('shownAttributes', () => {
  it("zero-config: every attribute in the merchant's order, as stored", () => {
    const shown = shownAttributes(product, ZERO, 'en');
    expect(shown.map((a) => a.key)).toEqual(['material', 'care', 'teaser', 'empty']);
    expect(shown[0]).toEqual({ ...product.attributes[0], source: 'material', storedType: 'list' });
  });
  it("mapped: only the listed ones, in the mapping's order, under their key and label in the language", () => {
    const block = content({
      attributes: [
        { key: 'fabric', attribute: 'material', label: { en: 'Fabric', sv: 'Tyg' } },
        { key: 'care', attribute: 'care' },
      ],
    });
    expect(shownAttributes(product, block, 'sv').map((a) => [a.key, a.source, a.label, a.type])).toEqual([
      ['fabric', 'material', 'Tyg', 'list'],
      ['care', 'care', 'CARE', 'html'],
    ]);
    expect(shownAttributes(product, block, 'de')[0]?.label).toBe('MATERIAL');
  });
  it('leaves out mapped attributes the product lacks or leaves empty', () => {
    const block = content({
      attributes: [
        { key: 'a', attribute: 'absent' },
        { key: 'b', attribute: 'empty' },
        { key: 'c', attribute: 'teaser' },
      ],
    });
    expect(shownAttributes(product, block, 'en').map((a) => a.key)).toEqual(['c']);
  });
  it('a type given replaces the stored one: a list shown as text is one joined value without keys', () => {
    const block = content({
      attributes: [
        { key: 'm', attribute: 'material', type: 'text' },
        { key: 't', attribute: 'teaser', type: 'list' },
      ],
    });
    const [asText, asList] = shownAttributes(product, block, 'en');
    expect(asText).toMatchObject({ type: 'text', values: ['Cotton, Linen'], valueKeys: null });
    expect(asList).toMatchObject({ type: 'list', values: ['Light and warm.'] });
  });
  it('a list kept a list keeps its filter keys', () => {
    const block = content({ attributes: [{ key: 'm', attribute: 'material', type: 'list' }] });
    expect(shownAttributes(product, block, 'en')[0]?.valueKeys).toEqual(['cotton', 'linen']);
  });
});

describe('documents follow the content block', () => {
  const documentWith = (block: unknown, of = product) => documentOf(of, { ...CONFIG, content: content(block) });
  it("the card's short description is the mapped source's plain text, at most 500 characters", () => {
    expect(cardOf(documentWith({})).shortDescription).toEqual({ en: 'A warm jacket.', sv: 'En varm jacka.' });
    expect(cardOf(documentWith({ shortDescription: { property: 'description' } })).shortDescription).toEqual({
      en: 'Made of cotton & love.',
      sv: null,
    });
    expect(cardOf(documentWith({ shortDescription: { attribute: 'teaser' } })).shortDescription.en).toBe(
      'Light and warm.',
    );
    expect(cardOf(documentWith({ shortDescription: null })).shortDescription).toEqual({ en: null, sv: null });
    const long = simpleProduct({ attributes: [attr('long', 'text', ['x'.repeat(900)])] });
    expect(cardOf(documentWith({ shortDescription: { attribute: 'long' } }, long)).shortDescription.en).toHaveLength(
      500,
    );
  });
  it("the card shows exactly the product page's short description, markup-like text and entities included", () => {
    for (const raw of ['Fits sizes <10 and >20 easily', 'Caf&eacute; &#39;n&#39;', `${'b'.repeat(499)}😀😀`]) {
      const teaser = simpleProduct({ attributes: [attr('teaser', 'text', [raw])] });
      const card = cardOf(documentWith({ shortDescription: { attribute: 'teaser' } }, teaser));
      expect(card.shortDescription.en).toBe(shortText(raw));
    }
  });
  it('a stored short description is searched as written', () => {
    const plain = simpleProduct({
      descriptions: { en: { name: 'X', shortDescription: 'Fits sizes <10 and >20', html: null, updatedAt: T0 } },
    });
    expect(documentWith({}, plain).text.en?.description).toBe('Fits sizes <10 and >20');
  });
  it("search text holds the mapped fields' words, and not an unmapped field's", () => {
    expect(documentWith({}).text.en?.description).toBe('A warm jacket. Made of cotton & love.');
    expect(documentWith({ description: { attribute: 'care' }, shortDescription: null }).text.en?.description).toBe(
      'Wash cold',
    );
  });
});
