import { z } from 'zod';
import { httpConfigSchema } from '../shared/config';
import { queueConfigSchema } from '../shared/index-queue';
import { mediaSourceConfigSchema } from '../shared/media/media-config';
import { searchConfigSchema } from '../shared/search/search-config';

/** The indexer's environment: the stores, the queue, where media sources are read from and the search engine. */
export const indexerConfigSchema = httpConfigSchema
  .extend(queueConfigSchema.shape)
  .extend(mediaSourceConfigSchema.shape)
  .extend(searchConfigSchema.shape)
  .extend({
    /** A full run whose document count falls below this share of the live count is gated. */
    INDEX_GATE_FRACTION: z.coerce.number().gt(0).max(1).default(0.5),
  });
