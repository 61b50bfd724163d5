import { z } from 'zod';
import { orNull } from './or-null';

const nullableInt = z.number().int().nullable();

/** The poster of a video or file: a rendition set like an image's (the spec calls it "descriptor-like"). */
const posterSchema = z
  .object({
    w: nullableInt,
    h: nullableInt,
    widths: z.array(z.number().int()),
    formats: z.array(z.string()),
    blurhash: z.string().nullable().optional(),
    color: z.string().nullable().optional(),
  })
  .meta({ id: 'MediaPoster', description: 'Poster renditions of a video or file; URLs from the `poster` template.' });

const videoVariantSchema = z
  .object({ variant: z.string(), format: z.string(), w: nullableInt.optional(), h: nullableInt.optional(), bytes: nullableInt.optional() })
  .meta({ id: 'MediaVideoVariant', description: 'One encoded rendition of a video; URL from the `video` template.' });

/**
 * The spec's media descriptor: always exactly these 22 keys, null where not applicable, arrays never null.
 * No route fills one yet (card `image` is null until the media pipeline lands), so this is the contract.
 */
export const mediaDescriptorSchema = z
  .strictObject({
    id: z.string().regex(/^sha256:[0-9a-f]{64}$/).meta({ description: '`sha256:` followed by 64 hex characters.' }),
    recipe: z.number().int().meta({ description: 'Rendition recipe; varies per descriptor.' }),
    kind: z.enum(['image', 'video', 'file']).meta({ description: 'Branch on this, never on empty arrays.' }),
    role: z.string().meta({ description: 'For example `primary`, `gallery`, `swatch`.' }),
    view: z.string().nullable(),
    order: z.number().int(),
    w: nullableInt.meta({ description: 'Null on a file without a poster.' }),
    h: nullableInt,
    blurhash: z.string().nullable(),
    color: z.string().nullable().meta({ description: 'Dominant colour.' }),
    bg: z.enum(['white', 'transparent', 'light']).meta({ description: 'Background of the packshot.' }),
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
    description: 'An image, video or file. Only a width and format the descriptor announces (`widths` x `formats`) exist on the media host.',
  });
