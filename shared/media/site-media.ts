import type { Db } from '../db/knex';
import { loadConfig } from '../config';
import { mediaBaseUrlSchema, mediaDirs } from './media-config';
import { mediaBlock, type MediaBlock } from './media-urls';
import { describeProductMedia, type ProductMedia } from './product-media';
import { RenditionStore } from './rendition-store';

/** The site's `media` block for `GET /v1/site`: MEDIA_BASE_URL, else the media host `npm start` runs. */
export function mediaBlockFromEnv(env: NodeJS.ProcessEnv = process.env): MediaBlock {
  return mediaBlock(loadConfig(mediaBaseUrlSchema, env).MEDIA_BASE_URL);
}

export type ProductMediaReader = (db: Db, tenantId: number, productIds: readonly number[]) => Promise<Map<number, ProductMedia>>;

/**
 * What the product detail calls for `images`, `image` and `files` (of the product and of each variant id
 * passed): descriptors of the media whose renditions exist in the store under `<dataDir>/media`.
 */
export function productMediaReader(dataDir: string): ProductMediaReader {
  const store = new RenditionStore(mediaDirs(dataDir).renditions);
  return (db, tenantId, productIds) => describeProductMedia(db, store, tenantId, productIds);
}
