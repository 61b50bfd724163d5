import { z } from 'zod';

/** The spec's media descriptor: always exactly these 22 keys (the media pipeline fills them). */
export const mediaDescriptorSchema = z.strictObject({
  id: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  recipe: z.union([z.number().int(), z.string()]),
  kind: z.enum(['image', 'video', 'file']),
  role: z.string(),
  view: z.string().nullable(),
  order: z.union([z.number().int(), z.string()]),
  w: z.number().int().nullable(),
  h: z.number().int().nullable(),
  blurhash: z.string().nullable(),
  color: z.string().nullable(),
  bg: z.enum(['white', 'transparent', 'light']).nullable(),
  alt: z.record(z.string(), z.string()),
  caption: z.string().nullable(),
  widths: z.array(z.number().int()),
  formats: z.array(z.string()),
  poster: z.record(z.string(), z.unknown()).nullable(),
  duration: z.number().nullable(),
  variants: z.array(z.record(z.string(), z.unknown())).nullable(),
  filename: z.string().nullable(),
  bytes: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  attributes: z.record(z.string(), z.unknown()).nullable(),
});
export type MediaDescriptor = z.infer<typeof mediaDescriptorSchema>;
