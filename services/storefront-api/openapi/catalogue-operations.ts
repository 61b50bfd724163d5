import { brandListSchema, brandPageSchema } from '../brands/brand-schema';
import { categoryTreeSchema } from '../categories/category-schema';
import { collectionPageSchema, collectionTreeSchema } from '../collections/collection-schema';
import { productDetailSchema } from '../products/detail-schema';
import { sitemapPageSchema } from '../sitemap/sitemap-schema';
import { variantsPageSchema } from '../variants/variants-schema';
import type { StorefrontOperation } from './operations';
import { scopedListingQuery, sitemapQuery, skuParams, slugOrIdParams, variantsQuery } from './parameters';

// The catalogue reads (products, variants, collections, categories, sitemap, brands). Each route's own codes are
// what its handler can throw; a path parameter that does not percent-decode is 404 NOT_FOUND on every templated path.

export const CATALOGUE_OPERATIONS: StorefrontOperation[] = [
  {
    path: '/v1/products/{slugOrId}',
    operationId: 'getProduct',
    summary: 'A product page',
    description:
      'The product detail with its variants (null above 100), media, categories, collections, hreflang, ' +
      'content, related products and bundle. A historical slug answers the product with `redirectTo`. A ' +
      'variant, or a product the market does not sell, is 404 PRODUCT_NOT_FOUND.',
    tag: 'Product',
    params: slugOrIdParams,
    body: productDetailSchema,
    errors: { 404: ['PRODUCT_NOT_FOUND', 'NOT_FOUND'] },
  },
  {
    path: '/v1/products/by-sku/{sku}',
    operationId: 'getProductBySku',
    summary: 'A product page by SKU',
    description:
      "The product detail of the product whose SKU (or one of whose active variants' SKU) this is; " +
      '`matchedVariantId` names the variant on a variant hit.',
    tag: 'Product',
    params: skuParams,
    body: productDetailSchema,
    errors: { 404: ['PRODUCT_NOT_FOUND', 'NOT_FOUND'] },
  },
  {
    path: '/v1/products/{slugOrId}/variants',
    operationId: 'listProductVariants',
    summary: "A product's variants, paged, with option availability",
    description:
      'The active variants (sold on the market or not: `price` null) that fit the selections, paged like the ' +
      "listing, and each axis's values with `available`.",
    tag: 'Product',
    params: slugOrIdParams,
    query: variantsQuery,
    body: variantsPageSchema,
    errors: { 400: ['INVALID_PAGE', 'INVALID_FILTER'], 404: ['PRODUCT_NOT_FOUND', 'NOT_FOUND'] },
  },
  {
    path: '/v1/collections',
    operationId: 'listCollections',
    summary: 'The collection tree',
    description:
      'Every collection of the site as a tree: roots first level, children by position, in the request language.',
    tag: 'Catalogue',
    body: collectionTreeSchema,
    errors: {},
  },
  {
    path: '/v1/collections/{slugOrId}',
    operationId: 'getCollection',
    summary: 'A collection page',
    description:
      'The collection, its breadcrumb, hreflang alternates and its listing (every listing parameter except ' +
      '`collection`: the page is the scope). A historical slug (or one in another language or case) answers ' +
      'the collection with `redirectTo`.',
    tag: 'Catalogue',
    params: slugOrIdParams,
    query: scopedListingQuery,
    body: collectionPageSchema,
    errors: {
      400: ['INVALID_PAGE', 'INVALID_FILTER'],
      404: ['COLLECTION_NOT_FOUND', 'NOT_FOUND'],
      503: ['INDEX_UNAVAILABLE'],
    },
  },
  {
    path: '/v1/categories',
    operationId: 'listCategories',
    summary: 'The category tree',
    description:
      "The active categories as data, below the assortment's roots, each with the facet filter that selects it.",
    tag: 'Catalogue',
    body: categoryTreeSchema,
    errors: {},
  },
  {
    path: '/v1/sitemap',
    operationId: 'getSitemap',
    summary: 'Sitemap rows',
    description:
      'One page of product, collection or brand rows with absolute URL, last-modified and hreflang ' +
      'alternates; follow `hasMore`.',
    tag: 'Catalogue',
    query: sitemapQuery,
    body: sitemapPageSchema,
    errors: { 400: ['INVALID_TYPE', 'INVALID_SINCE', 'INVALID_PAGE'], 503: ['INDEX_UNAVAILABLE'] },
  },
  {
    path: '/v1/brands',
    operationId: 'listBrands',
    summary: 'The brands the market sells',
    description:
      'Brands with products on the market, by name, with their product counts; `url` is null on a market ' +
      'without brand pages.',
    tag: 'Catalogue',
    body: brandListSchema,
    errors: { 503: ['INDEX_UNAVAILABLE'] },
  },
  {
    path: '/v1/brands/{slugOrId}',
    operationId: 'getBrand',
    summary: 'A brand page',
    description:
      'The brand, hreflang alternates and its listing (every listing parameter except `collection`). On a ' +
      'market without brand pages, or for a brand the market does not sell, 404 NOT_FOUND.',
    tag: 'Catalogue',
    params: slugOrIdParams,
    query: scopedListingQuery,
    body: brandPageSchema,
    errors: { 400: ['INVALID_PAGE', 'INVALID_FILTER'], 404: ['NOT_FOUND'], 503: ['INDEX_UNAVAILABLE'] },
  },
];
