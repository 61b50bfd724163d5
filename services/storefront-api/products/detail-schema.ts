import { z } from 'zod';
import { decimalSchema, priceSchema, productCardSchema } from '../openapi/listing-schemas';
import { brandLogoSchema, mediaDescriptorSchema } from '../openapi/media-schema';
import { orNull } from '../openapi/or-null';

// Response bodies of the product reads, strict where the spec fixes the keys; components of the OpenAPI document
// (cards, prices and descriptors are the listing's own schemas).

export const contentBrandSchema = z
  .strictObject({
    label: z.string(),
    facet: z.strictObject({ key: z.string(), valueKey: z.string() }).nullable().meta({
      description: "`filter[<key>]=<valueKey>` lists the brand's products; null when the site has no brand facet.",
    }),
    id: z.string(),
    slug: z.string(),
    url: z.url().nullable().meta({ description: 'The brand page; null when the market has no brand pages.' }),
    logo: brandLogoSchema,
  })
  .meta({ id: 'ContentBrand' });

const text = z.string().nullable();
export const partySchema = z
  .strictObject({
    name: z.string(),
    legalName: text,
    street: text,
    postalCode: text,
    city: text,
    region: text,
    countryCode: text,
    email: text,
    url: text,
    phone: text,
  })
  .meta({ id: 'Party' });
export const responsibleSchema = z
  .strictObject({
    manufacturer: orNull(partySchema),
    importer: orNull(partySchema),
    euResponsiblePerson: orNull(partySchema),
  })
  .meta({ id: 'Responsible', description: 'The parties the product (or variant) names itself; never inherited.' });

export const attributeSchema = z
  .strictObject({
    key: z.string(),
    label: z.string(),
    type: z.enum(['text', 'html', 'number', 'bool', 'list']),
    value: z
      .string()
      .nullable()
      .meta({ description: 'A single-valued attribute (the text of an `html` one); null for a list.' }),
    values: z.array(z.string()).nullable().meta({ description: 'A list attribute; null otherwise.' }),
    html: z.string().nullable().meta({ description: 'Sanitised HTML of an `html` attribute; null otherwise.' }),
    facetKey: z
      .string()
      .nullable()
      .meta({ description: 'The facet a value filters: `filter[<facetKey>]=<valueKeys[i]>`.' }),
    valueKeys: z
      .array(z.string())
      .optional()
      .meta({ description: 'Absent (never null) when any value has no key of its own.' }),
  })
  .meta({ id: 'Attribute' });

export const variantSchema = z
  .strictObject({
    id: z.string(),
    sku: z.string(),
    selectedOptions: z
      .record(z.string(), z.string())
      .meta({ description: 'Axis name to value; empty for a simple product.' }),
    price: orNull(priceSchema).meta({
      description: 'Null when the market does not sell the variant (it is still listed).',
    }),
    stock: decimalSchema.meta({ description: 'Available quantity (on hand minus outgoing) as a decimal string.' }),
    inStock: z.boolean(),
    images: z.array(mediaDescriptorSchema),
    image: orNull(mediaDescriptorSchema).meta({ description: "Null when the variant inherits its parent's images." }),
    hasOwnImages: z.boolean(),
    brand: orNull(contentBrandSchema),
    responsible: responsibleSchema,
  })
  .meta({ id: 'Variant' });

const collectionLinkSchema = z
  .strictObject({ id: z.string(), slug: z.string(), name: z.string(), path: z.string(), url: z.url() })
  .meta({ id: 'CollectionLink' });

const relatedGroupSchema = z
  .strictObject({ key: z.string(), label: z.string(), products: z.array(productCardSchema).max(24) })
  .meta({
    id: 'RelatedGroup',
    description: 'At most 24 cards sold on the market, in the order linked; an empty group is left out.',
  });

const bundleSchema = z
  .strictObject({ components: z.array(z.strictObject({ product: productCardSchema, quantity: decimalSchema })) })
  .meta({ id: 'Bundle', description: 'The components the market sells.' });

export const productDetailSchema = z
  .strictObject({
    id: z.string(),
    slug: z.string(),
    sku: z.string(),
    name: z.string(),
    price: priceSchema.meta({ description: 'The card price: the cheapest sellable variant on the market.' }),
    priceVaries: z.boolean(),
    inStock: z.boolean(),
    options: z
      .array(z.strictObject({ name: z.string(), values: z.array(z.string()) }))
      .meta({ description: 'Each axis with the values of the listed variants; order not guaranteed.' }),
    variants: z.array(variantSchema).nullable().meta({
      description: 'Null when `variantCount` is above 100: page them with GET /v1/products/{slugOrId}/variants.',
    }),
    variantCount: z.number().int().min(1),
    images: z.array(mediaDescriptorSchema).meta({ description: 'Images and videos in display order.' }),
    image: orNull(mediaDescriptorSchema).meta({
      description: 'Display image: role primary, else first gallery, else first swatch.',
    }),
    files: z.array(mediaDescriptorSchema),
    categories: z.array(z.strictObject({ id: z.string(), name: z.string(), pathNames: z.array(z.string()) })),
    collections: z.array(collectionLinkSchema),
    url: z.url(),
    alternateUrls: z.record(z.string(), z.url()).meta({ description: 'hreflang: language code to absolute URL.' }),
    redirectTo: z.string().nullable().meta({
      description: 'The current slug when the requested one is historical (answer with a permanent redirect).',
    }),
    matchedVariantId: z
      .string()
      .nullable()
      .meta({ description: 'The variant whose SKU was looked up (GET /v1/products/by-sku/{sku}).' }),
    seo: z.strictObject({ title: z.string(), description: z.string().nullable() }),
    updatedAt: z.iso.datetime({ offset: true }),
    shortDescription: z.string().max(500).nullable().meta({ description: 'Plain text.' }),
    description: z
      .strictObject({ html: z.string(), text: z.string() })
      .nullable()
      .meta({ description: '`html` sanitised to the allow-list; `text` without tags.' }),
    brand: orNull(contentBrandSchema),
    responsible: responsibleSchema,
    attributes: z.array(attributeSchema),
    related: z.array(relatedGroupSchema),
    bundle: orNull(bundleSchema).meta({ description: 'Null for a product that is no bundle.' }),
  })
  .meta({ id: 'ProductDetail' });
