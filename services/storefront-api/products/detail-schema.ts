import { z } from 'zod';
import { mediaDescriptorSchema } from './media-schema';

// Response bodies of the product reads, strict where the spec fixes the keys (registered in the OpenAPI document).

const decimal = z.string().regex(/^-?\d+\.\d+$/);

export const priceSchema = z.strictObject({ amount: decimal, currency: z.string(), vatRate: decimal, vatIncluded: z.boolean(), compareAt: decimal.nullable() });

export const cardBrandSchema = z.strictObject({ id: z.string(), slug: z.string(), label: z.string() });

export const productCardSchema = z.strictObject({
  id: z.string(), slug: z.string(), name: z.string(), sku: z.string(), price: priceSchema, priceVaries: z.boolean(), inStock: z.boolean(),
  url: z.url(), collections: z.array(z.string()), updatedAt: z.iso.datetime(), image: mediaDescriptorSchema.nullable(),
  brand: cardBrandSchema.nullable(), shortDescription: z.string().nullable(),
});

export const contentBrandSchema = z.strictObject({
  label: z.string(),
  facet: z.strictObject({ key: z.string(), valueKey: z.string() }).nullable(),
  id: z.string(),
  slug: z.string(),
  url: z.url().nullable(),
  logo: mediaDescriptorSchema.nullable(),
});

const text = z.string().nullable();
export const partySchema = z.strictObject({ name: z.string(), legalName: text, street: text, postalCode: text, city: text, region: text, countryCode: text, email: text, url: text, phone: text });
export const responsibleSchema = z.strictObject({ manufacturer: partySchema.nullable(), importer: partySchema.nullable(), euResponsiblePerson: partySchema.nullable() });

export const attributeSchema = z.strictObject({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'html', 'number', 'bool', 'list']),
  value: z.string().nullable(),
  values: z.array(z.string()).nullable(),
  html: z.string().nullable(),
  facetKey: z.string().nullable(),
  /** Absent (never null) when any value has no key of its own. */
  valueKeys: z.array(z.string()).optional(),
});

export const variantSchema = z.strictObject({
  id: z.string(), sku: z.string(), selectedOptions: z.record(z.string(), z.string()), price: priceSchema.nullable(),
  stock: decimal, inStock: z.boolean(), images: z.array(mediaDescriptorSchema), image: mediaDescriptorSchema.nullable(),
  hasOwnImages: z.boolean(), brand: contentBrandSchema.nullable(), responsible: responsibleSchema,
});

export const productDetailSchema = z.strictObject({
  id: z.string(), slug: z.string(), sku: z.string(), name: z.string(),
  price: priceSchema, priceVaries: z.boolean(), inStock: z.boolean(),
  options: z.array(z.strictObject({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(variantSchema).nullable(),
  variantCount: z.number().int().min(1),
  images: z.array(mediaDescriptorSchema), image: mediaDescriptorSchema.nullable(), files: z.array(mediaDescriptorSchema),
  categories: z.array(z.strictObject({ id: z.string(), name: z.string(), pathNames: z.array(z.string()) })),
  collections: z.array(z.strictObject({ id: z.string(), slug: z.string(), name: z.string(), path: z.string(), url: z.url() })),
  url: z.url(),
  alternateUrls: z.record(z.string(), z.url()),
  redirectTo: z.string().nullable(),
  matchedVariantId: z.string().nullable(),
  seo: z.strictObject({ title: z.string(), description: z.string().nullable() }),
  updatedAt: z.iso.datetime(),
  shortDescription: z.string().max(500).nullable(),
  description: z.strictObject({ html: z.string(), text: z.string() }).nullable(),
  brand: contentBrandSchema.nullable(),
  responsible: responsibleSchema,
  attributes: z.array(attributeSchema),
  related: z.array(z.strictObject({ key: z.string(), label: z.string(), products: z.array(productCardSchema).max(24) })),
  bundle: z.strictObject({ components: z.array(z.strictObject({ product: productCardSchema, quantity: decimal })) }).nullable(),
});
