import type { Market } from '../../../shared/storefront-config/schemas';
import type { CatalogueBrand } from '../../../indexer/documents/catalogue-product';
import type { ShownAttribute } from '../../../indexer/documents/product-content';
import { brandKey } from '../../../indexer/documents/document-facets';
import type { SiteIndexConfig } from '../../../indexer/documents/site-config';
import { marketUrl } from '../catalogue/urls';
import type { MediaDescriptor } from '../openapi/media-schema';
import type { PartyLinks, PartyRow } from './product-rows';
import { sanitizeDescription, sanitizedText } from '../../../shared/product-text/sanitize';

export { descriptionOf, shortText as shortDescriptionOf } from '../../../shared/product-text/sanitize';

/** The site's brand facet key, or null when the site filters by no brand. */
export const brandFacetKey = (index: SiteIndexConfig): string | null =>
  index.facets.find((f) => f.kind === 'brand')?.key ?? null;

/** Brand pages exist on a market with a `brandUrlPattern` and a brand facet (spec "Market"). */
export const brandPagesOn = (market: Market, index: SiteIndexConfig): boolean =>
  market.brandUrlPattern !== null && brandFacetKey(index) !== null;

export type BrandContext = {
  market: Market;
  index: SiteIndexConfig;
  language: string;
  slugs: Map<number, Record<string, string>>;
  logos: Map<number, MediaDescriptor | null>;
};

/** The spec's content brand; `url` is null when the market has no brand pages. */
export function brandOf(brand: CatalogueBrand | null, ctx: BrandContext) {
  if (brand === null) return null;
  const facet = brandFacetKey(ctx.index);
  const slugs = ctx.slugs.get(brand.id) ?? {};
  const slug = slugs[ctx.language] ?? Object.values(slugs)[0] ?? brandKey(brand);
  const url =
    ctx.market.brandUrlPattern !== null && facet !== null
      ? marketUrl(ctx.market, ctx.market.brandUrlPattern, { slug })
      : null;
  return {
    label: brand.name,
    facet: facet === null ? null : { key: facet, valueKey: brandKey(brand) },
    id: String(brand.id),
    slug,
    url,
    logo: ctx.logos.get(brand.id) ?? null,
  };
}

function partyOf(row: PartyRow | undefined) {
  if (row === undefined) return null;
  return {
    name: row.name,
    legalName: row.legal_name,
    street: row.street,
    postalCode: row.postal_code,
    city: row.city,
    region: row.region,
    countryCode: row.country_code,
    email: row.email,
    url: row.url,
    phone: row.phone,
  };
}

/** The parties the product (or variant) names itself; a variant never inherits its parent's. */
export function responsibleOf(links: PartyLinks | undefined, parties: Map<number, PartyRow>) {
  const at = (id: number | null | undefined) => (id === null || id === undefined ? null : partyOf(parties.get(id)));
  return {
    manufacturer: at(links?.manufacturer),
    importer: at(links?.importer),
    euResponsiblePerson: at(links?.euResponsiblePerson),
  };
}

/**
 * One attribute as the spec shows it: a list fills `values`, any other type `value` (and `html` when it is
 * html). `facetKey` names the site's list facet fed by the product attribute it shows; `valueKeys` is left out
 * entirely unless every value has a key of its own.
 */
export function attributeOf(attribute: ShownAttribute, index: SiteIndexConfig) {
  const facet = index.facets.find(
    (f) => f.kind === 'attribute' && f.attribute === attribute.source && (f.as === undefined || f.as === 'terms'),
  );
  const keys = attribute.valueKeys;
  const keyed = keys !== null && keys.length === attribute.values.length && keys.every((k) => k !== '');
  const list = attribute.type === 'list';
  const first = attribute.values[0] ?? null;
  const html = attribute.type === 'html' && first !== null ? sanitizeDescription(first) : null;
  // Stored html shown as another type is its text: markup never reaches a field the spec calls plain.
  const plain = (value: string) =>
    attribute.storedType === 'html' ? sanitizedText(sanitizeDescription(value)) : value;
  return {
    key: attribute.key,
    label: attribute.label,
    type: attribute.type,
    value: list || first === null ? null : html !== null ? sanitizedText(html) : plain(first),
    values: list ? attribute.values.map(plain) : null,
    html,
    facetKey: facet?.key ?? null,
    ...(keyed && { valueKeys: keys }),
  };
}
