import { DEFAULT_CONTENT, type ContentConfig, type ContentSource } from '../../shared/storefront-config/schemas';
import type { CatalogueAttribute, CatalogueDescription, CatalogueProduct } from './catalogue-product';

// The site's `content` block applied to one product (pure): which stored property fills each canonical field, and
// which attributes a page shows, under which key, label and type. Cards, search text and the detail page all read
// content through here, so they agree.

/** A product's description in a language, else in the first site language that has one (as names fall back). */
export function descriptionIn(
  product: CatalogueProduct,
  language: string,
  languages: readonly string[],
): (CatalogueDescription & { language: string }) | null {
  for (const l of [language, ...languages]) {
    const found = product.descriptions[l];
    // Object.assign, not a spread that adds a property: docs/decisions.md, "Spreads that add properties".
    if (found !== undefined) return Object.assign({}, found, { language: l });
  }
  return null;
}

/**
 * The stored text a source names, unsanitised: a description property of `description`, or an attribute's
 * values (a list's joined by ", "); null when the product has none.
 */
export function sourceText(
  product: CatalogueProduct,
  description: CatalogueDescription | null,
  source: ContentSource,
): string | null {
  if (source === null) return null;
  if ('property' in source)
    return (source.property === 'shortDescription' ? description?.shortDescription : description?.html) ?? null;
  const values = product.attributes.find((a) => a.key === source.attribute)?.values ?? [];
  return values.length === 0 ? null : values.join(', ');
}

/**
 * An attribute as a page shows it: `key`, `label` and `type` as the site maps them; `source` is the product
 * attribute read and `storedType` its own type (html shown as another type still needs its markup taken out).
 */
export type ShownAttribute = CatalogueAttribute & { source: string; storedType: string };

/** Values in another shape than stored: a list shown as one value is its values joined (and has no filter key). */
function retyped(attribute: CatalogueAttribute, type: string): Pick<CatalogueAttribute, 'values' | 'valueKeys'> {
  const joins = type !== 'list' && attribute.values.length > 1;
  return joins
    ? { values: [attribute.values.join(', ')], valueKeys: null }
    : { values: attribute.values, valueKeys: attribute.valueKeys };
}

/**
 * The attributes a page shows in `language`: with no mapping, every attribute the product has in the merchant's
 * order, as stored; else the mapped ones in the mapping's order, those the product lacks or leaves empty left out.
 */
export function shownAttributes(product: CatalogueProduct, content: ContentConfig, language: string): ShownAttribute[] {
  if (content.attributes === null)
    return product.attributes.map((a) => Object.assign({}, a, { source: a.key, storedType: a.type }));
  const byKey = new Map(product.attributes.map((a) => [a.key, a]));
  return content.attributes.flatMap((shown) => {
    const attribute = byKey.get(shown.attribute);
    if (attribute === undefined || attribute.values.length === 0) return [];
    const type = shown.type ?? attribute.type;
    return [
      {
        key: shown.key,
        source: attribute.key,
        storedType: attribute.type,
        label: shown.label[language] ?? attribute.label,
        type,
        ...retyped(attribute, type),
      },
    ];
  });
}

/** The content block a site index config carries, or zero-config's. */
export const contentOf = (index: { content?: ContentConfig | undefined }): ContentConfig =>
  index.content ?? DEFAULT_CONTENT;
