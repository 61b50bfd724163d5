import { z } from 'zod';
import { orNull } from './or-null';

const nullableInt = z.number().int().nullable();

const background = z.enum(['white', 'transparent', 'light']);

/**
 * The poster of a video: descriptor-like, with the poster image's own hash (its renditions are the video's `widths` x
 * `formats`).
 */
const posterSchema = z
  .object({
    id: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    w: z.number().int(),
    h: z.number().int(),
    blurhash: z.string(),
    color: z.string(),
    bg: background,
  })
  .meta({
    id: 'MediaPoster',
    description: "A video's poster image; URLs from the `poster` template with the video's id.",
  });

const videoVariantSchema = z.object({ name: z.string(), format: z.string(), bytes: z.number().int() }).meta({
  id: 'MediaVideoVariant',
  description: 'One playable rendition of a video; URL from the `video` template (`{variant}` is `name`).',
});

/**
 * The spec's media descriptor: always exactly these 22 keys, null where not applicable, arrays never null. The one
 * schema of it: the document's component, and what the route tests parse answers with.
 */
export const mediaDescriptorSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^sha256:[0-9a-f]{64}$/)
      .meta({ description: '`sha256:` followed by 64 hex characters.' }),
    recipe: z.number().int().meta({ description: 'Rendition recipe; varies per descriptor.' }),
    kind: z.enum(['image', 'video', 'file']).meta({ description: 'Branch on this, never on empty arrays.' }),
    role: z.string().meta({ description: 'For example `primary`, `gallery`, `swatch`.' }),
    view: z.string().nullable(),
    order: z.number().int(),
    w: nullableInt.meta({ description: 'Null on a file without a poster.' }),
    h: nullableInt,
    blurhash: z.string().nullable(),
    color: z.string().nullable().meta({ description: 'Dominant colour.' }),
    bg: background
      .nullable()
      .meta({ description: 'Background of the packshot (of the poster for a video); null for a file.' }),
    alt: z.record(z.string(), z.string()).meta({ description: 'Language code to text; may be empty.' }),
    caption: z.string().nullable(),
    widths: z.array(z.number().int()).meta({ description: 'Announced widths; empty for a file.' }),
    formats: z.array(z.string()).meta({ description: 'Announced formats (AVIF first, then JPEG); empty for a file.' }),
    poster: orNull(posterSchema),
    duration: z.number().nullable(),
    variants: z.array(videoVariantSchema).nullable(),
    filename: z.string().nullable(),
    bytes: nullableInt,
    pages: nullableInt,
    attributes: z.record(z.string(), z.unknown()).nullable().meta({ description: 'Opaque, passed through unchanged.' }),
  })
  .meta({
    id: 'MediaDescriptor',
    description:
      'An image, video or file. Only a width and format the descriptor announces (`widths` x `formats`) ' +
      'exist on the media host.',
  });

export type MediaDescriptor = z.infer<typeof mediaDescriptorSchema>;

/** A brand's `logo` (content brand, brand list and brand page alike). */
export const brandLogoSchema = orNull(mediaDescriptorSchema).meta({
  description:
    "The brand's logo as a descriptor with role `logo`; null when the brand has no logo (or it has not been " +
    'rendered yet).',
});
