import { mediaDirs } from '../shared/media/media-config';
import { MediaPipeline } from '../shared/media/pipeline';
import { RenditionStore } from '../shared/media/rendition-store';
import { createSourceReader } from '../shared/media/source-reader';

type MediaSettings = {
  DATA_DIR: string;
  MEDIA_FETCH_TIMEOUT_MS: number;
  MEDIA_FETCH_MAX_BYTES: number;
  MEDIA_FETCH_ALLOW_PRIVATE: boolean;
};

/** The indexer's media pipeline: sources under `<DATA_DIR>/media/sources` or by URL, renditions into `<DATA_DIR>/media/renditions`. */
export function createMediaPipeline(config: MediaSettings): MediaPipeline {
  const dirs = mediaDirs(config.DATA_DIR);
  const read = createSourceReader({
    root: dirs.sources,
    timeoutMs: config.MEDIA_FETCH_TIMEOUT_MS,
    maxBytes: config.MEDIA_FETCH_MAX_BYTES,
    allowPrivate: config.MEDIA_FETCH_ALLOW_PRIVATE,
  });
  return new MediaPipeline({ store: new RenditionStore(dirs.renditions), read });
}
