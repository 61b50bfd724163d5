// @ts-check
// The storefront API's answers as the shop reads them (services/storefront-api/openapi). Types only.

/** @typedef {{ apiBaseUrl: string, siteKey: string }} ShopConfig */
/** @typedef {{ code: string, language: string, currency: string, country: string, isDefault: boolean }} Market */
/** @typedef {{ baseUrl: string, templates: { image: string, poster: string, file: string, video: string } }} MediaConfig */
/** @typedef {{ site: { name: string }, markets: Market[], market: string, language: string, media: MediaConfig }} Site */
/** @typedef {{ amount: string, currency: string, vatRate: string, vatIncluded: boolean, compareAt?: string | null }} Price */

/**
 * @typedef {{ id: string, recipe: number, kind: 'image' | 'video' | 'file', role: string, w: number | null, h: number | null,
 *   color: string | null, bg: string | null, alt: Record<string, string>, widths: number[], formats: string[],
 *   filename: string | null, bytes: number | null, pages: number | null, poster: Media | null }} Media
 */

/**
 * @typedef {{ id: string, slug: string, name: string, sku: string, price: Price, priceVaries: boolean, inStock: boolean,
 *   image: Media | null, brand: { id: string, slug: string, label: string } | null }} Card
 */

/**
 * @typedef {{ value: string, label: string, count: number, selected: boolean,
 *   swatch?: { color: string | null, image: unknown } | null, depth?: number, parent?: string | null }} FacetValue
 */

/**
 * @typedef {{ key: string, label: string, type: 'list' | 'hierarchy' | 'range' | 'toggle' | 'swatch', match: string,
 *   values: FacetValue[], truncated: boolean, searchable: boolean, help: string | null, collapsed: boolean,
 *   range: { unit: string | null, step: number, min?: string | null, max?: string | null } | null }} Facet
 */

/**
 * @typedef {{ items: Card[], facets: Facet[], appliedFilters: { facet: string, value: string, label: string }[], total: number,
 *   page: number, pageSize: number, sort: { selected: string, available: { key: string, label: string }[] },
 *   redirect: { type: string, url: string, collection: { slug: string } | null } | null,
 *   queryCorrection: { original?: string, corrected?: string } | null, warnings: { code: string }[] }} Listing
 */

/** @typedef {{ facet: string, facetLabel: string, value: string, label: string, count: number }} SuggestValue */
/** @typedef {{ q: string, products: Card[], categories: SuggestValue[], values: SuggestValue[] }} Suggestions */

/** @typedef {{ id: string, slug: string, name: string, path: string, parentId: string | null, children: CollectionNode[] }} CollectionNode */
/**
 * @typedef {{ collection: { id: string, slug: string, name: string, path: string }, breadcrumb: { id: string, slug: string, name: string }[],
 *   listing: Listing }} CollectionPage
 */

/**
 * @typedef {{ id: string, sku: string, selectedOptions: Record<string, string>, price: Price | null, stock: string,
 *   inStock: boolean, images: Media[], image: Media | null, hasOwnImages: boolean }} Variant
 */

/**
 * @typedef {{ key: string, label: string, type: string, value: string | null, values: string[] | null, html: string | null,
 *   facetKey: string | null, valueKeys?: string[] }} Attribute
 */

/**
 * @typedef {{ id: string, slug: string, sku: string, name: string, price: Price, priceVaries: boolean, inStock: boolean,
 *   options: { name: string, values: string[] }[], variants: Variant[] | null, variantCount: number, images: Media[],
 *   image: Media | null, files: Media[], categories: { id: string, name: string, pathNames: string[] }[],
 *   redirectTo: string | null, shortDescription: string | null, description: { html: string, text: string } | null,
 *   brand: { label: string, facet: { key: string, valueKey: string } | null } | null, attributes: Attribute[],
 *   related: { key: string, label: string, products: Card[] }[],
 *   bundle: { components: { product: Card, quantity: string }[] } | null }} Product
 */

/**
 * @typedef {{ items: Variant[], total: number, options: { name: string, values: { value: string, available: boolean }[] }[] }} VariantsPage
 */

/**
 * @typedef {{ id: string, sku: string, quantity: number, price: Price, image: Media | null,
 *   product: { id: string, name: string, slug: string }, variant: { id: string, selectedOptions: Record<string, string> } }} CartLine
 */

/**
 * @typedef {{ token: string, market: string, currency: string, version: number, lines: CartLine[], subtotalInc: string,
 *   grandTotalInc: string, warnings: { code: string, lineId?: string }[] }} Cart
 */

export {};
