import { z } from 'zod';
import { int32Param } from '../http/path-ids';
import type { SiteKey } from '../../../shared/storefront-config/keys';

/** Request and response DTOs of keys, the draft diff, publishing and versions (runs: run-schemas.ts). */

const siteId = int32Param.meta({
  type: 'integer',
  format: 'int32',
  description: 'The storefront site; one of another tenant is not found.',
});
export const siteParams = z.object({ siteId });
export const keyParams = z.object({
  siteId,
  keyId: int32Param.meta({
    type: 'integer',
    format: 'int32',
    description: 'The key; one of another site or tenant is not found.',
  }),
});

export const isoDateTime = (description: string) => z.string().meta({ format: 'date-time', description });
const KEY_KINDS = ['publishable', 'preview', 'secret'] as const;

export const siteKeyDto = z
  .object({
    id: z.number().int(),
    siteId: z.number().int(),
    kind: z.enum(KEY_KINDS).meta({
      description:
        'publishable: browsers, published config; preview: the draft and the preview index; secret: servers.',
    }),
    label: z.string(),
    hint: z.string().meta({
      description: 'The first characters of the raw key, to tell keys apart; the raw key is never shown again.',
    }),
    publishedVersion: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The published version that made it live; null until the next publish.' }),
    createdAt: isoDateTime('When it was created.'),
    revokedAt: isoDateTime('When it was revoked; null while it is not.').nullable(),
  })
  .meta({ id: 'StorefrontKeyDto' });
export type SiteKeyDto = z.infer<typeof siteKeyDto>;

export const toKeyDto = (k: SiteKey): SiteKeyDto => ({
  ...k,
  createdAt: k.createdAt.toISOString(),
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

export const keyListDto = z
  .object({
    keys: z.array(siteKeyDto).meta({ description: 'Every key of the site, revoked ones included, oldest first.' }),
  })
  .meta({ id: 'StorefrontKeyListDto' });

export const createKeyBody = z
  .object({
    kind: z.enum(KEY_KINDS),
    label: z
      .string()
      .max(200)
      .meta({ description: 'A name for the key, up to 200 characters; blank names it by its kind.' }),
  })
  .meta({ id: 'StorefrontKeyCreateDto' });

export const createdKeyDto = siteKeyDto
  .extend({
    key: z.string().meta({ description: 'The raw key: shown only in this answer, stored only as a hash.' }),
    note: z.string(),
  })
  .meta({ id: 'StorefrontCreatedKeyDto' });

const anyJson = (description: string) => z.unknown().meta({ description });
const changePath = z
  .string()
  .meta({ description: 'The entity (by its code, key or id) and field, e.g. facets.brand.label or synonyms.en.' });

export const configChangeDto = z
  .discriminatedUnion('op', [
    z.object({ op: z.literal('add'), path: changePath, after: anyJson('The value publish adds.') }),
    z.object({
      op: z.literal('change'),
      path: changePath,
      before: anyJson('The published value.'),
      after: anyJson('The draft value.'),
    }),
    z.object({ op: z.literal('remove'), path: changePath, before: anyJson('The value publish removes.') }),
  ])
  .meta({ id: 'StorefrontConfigChangeDto' });

export const draftDiffDto = z
  .object({
    publishedVersion: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The live version; null before the first publish.' }),
    changes: z.array(configChangeDto),
    keysToPublish: z
      .array(siteKeyDto)
      .meta({ description: 'Keys created since the last publish (not revoked): publishing makes them live.' }),
  })
  .meta({ id: 'StorefrontDraftDiffDto' });

export const publishBody = z
  .object({
    note: z.string().max(1000).meta({ description: 'What changed, for the version history (up to 1000 characters).' }),
  })
  .meta({ id: 'StorefrontPublishDto' });

export const publishedDto = z
  .object({
    siteId: z.number().int(),
    version: z.number().int().meta({ description: 'The new published version.' }),
    first: z.boolean().meta({ description: "True for the site's first published version." }),
  })
  .meta({ id: 'StorefrontPublishedDto' });

export const limitQuery = (max: number, fallback: number) =>
  z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(max)
      .default(fallback)
      .meta({ description: `How many, newest first: 1 to ${max} (default ${fallback}).` }),
  });

export const versionListDto = z
  .object({
    siteId: z.number().int(),
    versions: z
      .array(
        z
          .object({ version: z.number().int(), note: z.string(), publishedAt: isoDateTime('When it was published.') })
          .meta({ id: 'StorefrontVersionDto' }),
      )
      .meta({ description: 'Published versions, newest (live) first.' }),
  })
  .meta({ id: 'StorefrontVersionListDto' });
