import { attributeOf, responsibleOf, shortDescriptionOf } from '../../../../services/storefront-api/products/content';
import { descriptionOf } from '../../../../shared/product-text/sanitize';
import { bundleOf, relatedGroups } from '../../../../services/storefront-api/products/related';
import type { SiteIndexConfig } from '../../../../indexer/documents/site-config';

const index: SiteIndexConfig = {
  markets: [],
  languages: ['en'],
  facets: [
    { kind: 'attribute', key: 'mat', attribute: 'material' },
    { kind: 'attribute', key: 'w', attribute: 'weight', as: 'number' },
  ],
};

describe('descriptionOf', () => {
  it('keeps the allow-list and drops scripts, styles, images, classes and event attributes', () => {
    const out = descriptionOf(
      '<div class="a"><h1 onclick="x()">Title</h1><p style="color:red">One<br>two ' +
        '<i>it</i></p><script>evil()</script><img src=x onerror=y><table><tr><td>c</td></tr></table><a ' +
        'href="javascript:x()">j</a><a href="http://a.b/c" rel="x">l</a></div>',
    );
    expect(out).toEqual({
      html: '<p><h2>Title</h2><p>One<br />two <i>it</i></p><table><tr><td>c</td></tr></table><a>j</a><a href="http://a.b/c">l</a></p>',
      text: 'Title One two it c jl',
    });
  });
  it('is null for nothing or only removed content', () => {
    expect(descriptionOf(null)).toBeNull();
    expect(descriptionOf('<script>x</script><img src=y>')).toBeNull();
  });
  it('decodes entities in the text only', () => {
    expect(descriptionOf('<p>a &amp; b &lt;c&gt;</p>')).toEqual({
      html: '<p>a &amp; b &lt;c&gt;</p>',
      text: 'a & b <c>',
    });
  });
});

describe('shortDescriptionOf', () => {
  it('is plain text of at most 500 characters', () => {
    expect(shortDescriptionOf('<b>x</b>'.repeat(600))).toHaveLength(500);
    expect(shortDescriptionOf('  ')).toBeNull();
  });
  it('keeps text that only looks like markup, and decodes entities, as the description does', () => {
    expect(shortDescriptionOf('Fits sizes <10 and >20 easily')).toBe('Fits sizes <10 and >20 easily');
    expect(shortDescriptionOf('Caf&eacute; &#39;n&#39; <b>bar</b>')).toBe("Café 'n' bar");
    expect(shortDescriptionOf('  two\n lines  ')).toBe('two lines');
  });
  it('cuts at 500 characters, never through one', () => {
    const cut = shortDescriptionOf(`${'a'.repeat(499)}😀😀`);
    expect(cut).toBe(`${'a'.repeat(499)}😀`);
    expect(Array.from(cut ?? '')).toHaveLength(500);
  });
});

describe('attributeOf', () => {
  it('leaves valueKeys out entirely when a value lacks its key', () => {
    const a = attributeOf(
      {
        key: 'material',
        source: 'material',
        label: 'Material',
        type: 'list',
        storedType: 'list',
        values: ['A', 'B'],
        valueKeys: ['a', ''],
      },
      index,
    );
    expect(a).not.toHaveProperty('valueKeys');
    expect(a).toEqual({
      key: 'material',
      label: 'Material',
      type: 'list',
      value: null,
      values: ['A', 'B'],
      html: null,
      facetKey: 'mat',
    });
    expect(
      attributeOf(
        {
          key: 'material',
          source: 'material',
          label: 'M',
          type: 'list',
          storedType: 'list',
          values: ['A'],
          valueKeys: null,
        },
        index,
      ),
    ).not.toHaveProperty('valueKeys');
    expect(
      attributeOf(
        {
          key: 'material',
          source: 'material',
          label: 'M',
          type: 'list',
          storedType: 'list',
          values: ['A'],
          valueKeys: ['a'],
        },
        index,
      ).valueKeys,
    ).toEqual(['a']);
  });
  it('names the facet fed by the product attribute shown, whatever key the page shows it under', () => {
    expect(
      attributeOf(
        {
          key: 'fabric',
          source: 'material',
          label: 'Fabric',
          type: 'list',
          storedType: 'list',
          values: ['A'],
          valueKeys: ['a'],
        },
        index,
      ),
    ).toMatchObject({ key: 'fabric', facetKey: 'mat' });
    expect(
      attributeOf(
        {
          key: 'material',
          source: 'fabric',
          label: 'M',
          type: 'list',
          storedType: 'list',
          values: ['A'],
          valueKeys: ['a'],
        },
        index,
      ).facetKey,
    ).toBeNull();
  });
  it('takes the markup out of stored html shown as another type', () => {
    const care = {
      key: 'care',
      source: 'care',
      label: 'C',
      values: ['<p>Wash <b>cold</b><script>x()</script></p>', '<i>Dry</i>'],
      valueKeys: null,
      storedType: 'html',
    };
    expect(attributeOf({ ...care, type: 'text' }, index)).toMatchObject({ value: 'Wash cold', html: null });
    expect(attributeOf({ ...care, type: 'list' }, index)).toMatchObject({ value: null, values: ['Wash cold', 'Dry'] });
  });
  it('fills value for single types and names only list facets', () => {
    expect(
      attributeOf(
        {
          key: 'weight',
          source: 'weight',
          label: 'W',
          type: 'number',
          storedType: 'number',
          values: ['1.5'],
          valueKeys: null,
        },
        index,
      ),
    ).toMatchObject({ value: '1.5', values: null, html: null, facetKey: null });
    expect(
      attributeOf(
        {
          key: 'care',
          source: 'care',
          label: 'C',
          type: 'html',
          storedType: 'html',
          values: ['<p onclick="x">Hot</p>'],
          valueKeys: null,
        },
        index,
      ),
    ).toMatchObject({ value: 'Hot', html: '<p>Hot</p>' });
  });
});

describe('responsibleOf', () => {
  it('shows only the parties the row names itself', () => {
    const parties = new Map([
      [
        1,
        {
          id: 1,
          name: 'Maker',
          legal_name: 'Maker AB',
          street: null,
          postal_code: null,
          city: 'Lund',
          region: null,
          country_code: 'SE',
          email: null,
          url: null,
          phone: null,
        },
      ],
    ]);
    expect(responsibleOf({ manufacturer: 1, importer: null, euResponsiblePerson: null }, parties).manufacturer).toEqual(
      {
        name: 'Maker',
        legalName: 'Maker AB',
        street: null,
        postalCode: null,
        city: 'Lund',
        region: null,
        countryCode: 'SE',
        email: null,
        url: null,
        phone: null,
      },
    );
    expect(responsibleOf(undefined, parties)).toEqual({
      manufacturer: null,
      importer: null,
      euResponsiblePerson: null,
    });
  });
});

describe('relatedGroups and bundleOf', () => {
  const cardFor = (id: number) =>
    id % 2 === 0
      ? null
      : ({ id: String(id) } as unknown as NonNullable<
          Parameters<typeof bundleOf>[1] extends (id: number) => infer C ? C : never
        >);
  it('keeps the linked order, drops unsold products and empty groups, and caps at 24', () => {
    const rows = [
      ...Array.from({ length: 60 }, (_, i) => ({ group_key: 'similar', related_product_id: i + 1 })),
      { group_key: 'accessories', related_product_id: 2 },
    ];
    const groups = relatedGroups(rows, cardFor, 'sv');
    expect(groups.map((g) => [g.key, g.label, g.products.length])).toEqual([['similar', 'Liknande produkter', 24]]);
    expect(groups[0]!.products.slice(0, 3).map((p) => p.id)).toEqual(['1', '3', '5']);
  });
  it('is null for a product without components and keeps sold components with decimal quantities', () => {
    expect(bundleOf([], cardFor)).toBeNull();
    expect(
      bundleOf(
        [
          { component_product_id: 3, quantity: '2.000' },
          { component_product_id: 4, quantity: '1' },
        ],
        cardFor,
      )?.components.map((c) => [c.product.id, c.quantity]),
    ).toEqual([['3', '2.00']]);
  });
});
