// The media feature's public surface: descriptors, the site's media block, the pipeline and the store.
export { buildDescriptor, displayImage, productMediaView } from './build-descriptor';
export { describeBrandLogos, loadBrandLogos } from './brand-logos';
export { DESCRIPTOR_KEYS, hashId, hexOf, type MediaDescriptor, type MediaKind } from './descriptor';
export { describeExisting, existingManifest } from './existing-media';
export {
  DEFAULT_MEDIA_BASE_URL,
  DEFAULT_MEDIA_PORT,
  mediaBaseUrlSchema,
  mediaDirs,
  mediaSourceConfigSchema,
} from './media-config';
export { loadMediaRows } from './media-rows';
export {
  MEDIA_TEMPLATES,
  announcedPaths,
  mediaBlock,
  parseMediaPath,
  renditionPath,
  type MediaBlock,
} from './media-urls';
export { MediaPipeline, type MediaWarning } from './pipeline';
export { NO_MEDIA, describeProductMedia, type ProductMedia } from './product-media';
export { CURRENT_RECIPE, RECIPES } from './recipe';
export { RenditionStore } from './rendition-store';
export { createSourceReader, MediaSourceError } from './source-reader';
export { mediaBlockFromEnv, mediaReader, storeMediaReader, type MediaReader } from './site-media';
export { describeSwatchImages, recordSwatchSource } from './swatch-images';
