import type { Db } from '../db/knex';
import { loadConfig } from '../config';
import { describeBrandLogos, describeLogos, type LogoRow, logoItems } from './brand-logos';
import type { MediaDescriptor } from './descriptor';
import { mediaBaseUrlSchema, mediaDirs } from './media-config';
import { mediaBlock, type MediaBlock } from './media-urls';
import type { MediaRow } from './manifest';
import { describeMediaRows, type ProductMedia } from './product-media';
import { RenditionStore } from './rendition-store';
import { describeSwatchImages } from './swatch-images';

/** The site's `media` block for `GET /v1/site`: MEDIA_BASE_URL, else the media host `npm start` runs. */
export function mediaBlockFromEnv(env: NodeJS.ProcessEnv = process.env): MediaBlock {
  return mediaBlock(loadConfig(mediaBaseUrlSchema, env).MEDIA_BASE_URL);
}

/**
 * Where the storefront reads its descriptors: only media whose renditions exist (the indexer makes them), so no
 * descriptor ever announces a 404. Each method answers only what it found.
 */
export interface MediaReader {
  /**
   * `images`, `image` and `files` of each product or variant id (every id answered; no media is empty), from their
   * media rows (which the caller reads with its other rows, in one statement).
   */
  products(rows: readonly MediaRow[], productIds: readonly number[]): Promise<Map<number, ProductMedia>>;
  /** Each brand's logo (role `logo`), keyed by brand id. */
  brandLogos(db: Db, tenantId: number, brandIds: readonly number[]): Promise<Map<number, MediaDescriptor>>;
  /** As `brandLogos`, over logo rows the caller read. */
  brandLogosOf(rows: readonly LogoRow[]): Promise<Map<number, MediaDescriptor>>;
  /** Each configured swatch image (role `swatch`), keyed by its configured source. */
  swatchImages(db: Db, tenantId: number, sources: readonly string[]): Promise<Map<string, MediaDescriptor>>;
}

/** The reader over one rendition store. */
export function storeMediaReader(store: RenditionStore): MediaReader {
  return {
    products: (rows, ids) => describeMediaRows(store, rows, ids),
    brandLogos: (db, tenantId, ids) => describeBrandLogos(db, store, tenantId, ids),
    brandLogosOf: (rows) => describeLogos(store, logoItems(rows)),
    swatchImages: (db, tenantId, sources) => describeSwatchImages(db, store, tenantId, sources),
  };
}

/** The reader over the rendition store under `<dataDir>/media`. */
export function mediaReader(dataDir: string): MediaReader {
  return storeMediaReader(new RenditionStore(mediaDirs(dataDir).renditions));
}
