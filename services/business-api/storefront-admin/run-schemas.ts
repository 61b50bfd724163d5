import { z } from 'zod';
import type { IndexStats } from '../../../indexer/runs/gate';
import type { RunWarning, SyncRun } from '../../../indexer/runs/sync-runs';
import type { LiveIndices, RunProgress, SiteIndex } from './index-actions';
import { MAX_PREVIEW_QUERIES, PREVIEW_TOP } from '../../storefront-api/merchandising/preview-changes';
import { isoDateTime, limitQuery } from './operations-schemas';

/** Request and response DTOs of index runs (reindex, confirm, rollback, sync status) and the search preview. */

const RUN_MODES = ['full', 'delta', 'preview'] as const;
const RUN_OUTCOMES = ['running', 'ok', 'gated', 'failed', 'cancelled'] as const;

// A query parameter given once is a string, repeated an array (queries=a&queries=b).
const asList = (value: unknown): unknown => (typeof value === 'string' ? [value] : value);

export const runsQuery = limitQuery(200, 10).extend({
  mode: z
    .preprocess(asList, z.array(z.enum(RUN_MODES)).max(RUN_MODES.length))
    .meta({
      type: 'array',
      items: { type: 'string', enum: [...RUN_MODES] },
      maxItems: RUN_MODES.length,
      description:
        'Only runs of these modes (repeat the parameter); left out, every mode. Deltas run every few seconds ' +
        'and crowd full runs off a page.',
    })
    .optional(),
});

export const reindexBody = z
  .object({
    mode: z
      .enum(['full', 'preview'])
      .default('full')
      .meta({
        description:
          'full: rebuild the live index from the published config (default); preview: build the preview index ' +
          'from the draft, for preview keys.',
      }),
  })
  .meta({ id: 'StorefrontReindexDto' });

export const queuedRunDto = z
  .object({
    siteId: z.number().int(),
    mode: z.enum(['full', 'preview']),
    queued: z
      .string()
      .nullable()
      .meta({ description: 'The queued job; a request while one of the same mode waits joins it.' }),
    note: z.string(),
  })
  .meta({ id: 'StorefrontQueuedRunDto' });

export const confirmedDto = z
  .object({ siteId: z.number().int(), confirmed: z.string().meta({ description: "The gated run's index, now live." }) })
  .meta({ id: 'StorefrontGatedRunConfirmedDto' });

export const rolledBackDto = z
  .object({ siteId: z.number().int(), live: z.string().meta({ description: 'The index live again.' }) })
  .meta({ id: 'StorefrontRollbackDto' });

const runWarning = z
  .object({
    code: z.string().meta({
      description: 'Why: NO_PRICE, INACTIVE, ... for a product left out; GATE for a gate trip; or an error code.',
    }),
    productId: z.string().optional().meta({ description: 'The product left out, when the warning is about one.' }),
    detail: z.string().optional(),
  })
  .meta({ id: 'StorefrontRunWarningDto' });

const count = z.number().int().min(0);

const statsDto = z
  .object({ count, facetValues: z.record(z.string(), count), inStockShare: z.number().min(0).max(1) })
  .meta({
    id: 'StorefrontIndexStatsDto',
    description:
      'What the gate compares (full and preview runs): documents, distinct values per facet, share in stock.',
  });

const GATE_CHECKS = ['count', 'facet-values', 'in-stock-share'] as const;

const gateDto = z
  .object({
    check: z.enum(GATE_CHECKS).meta({
      description:
        'count: too few documents against the live index; facet-values: a facet lost more than half its ' +
        'values; in-stock-share: the share in stock fell by more than half.',
    }),
    detail: z.string().meta({ description: "The figures, e.g. '5 documents against 20 live (below 50%)'." }),
  })
  .meta({ id: 'StorefrontGateTripDto' });

export const syncRunDto = z
  .object({
    id: z.number().int(),
    siteId: z.number().int(),
    mode: z.enum(RUN_MODES),
    outcome: z.enum(RUN_OUTCOMES),
    documentCount: count.meta({ description: 'Documents written (0 while running: see progress).' }),
    total: count.nullable().meta({ description: 'Documents the run expected; null until known.' }),
    progress: z
      .object({ done: count, total: count })
      .nullable()
      .meta({
        description:
          "A running run's documents done of the total, as the indexer reports them; null when finished or not " +
          'reported yet.',
      }),
    errors: z.array(z.string()),
    warnings: z.array(runWarning),
    gate: gateDto.nullable().meta({ description: 'Why a gated run was held back; null for any other run.' }),
    timings: z.record(z.string(), z.number()).meta({ description: 'Milliseconds per phase.' }),
    stats: statsDto.nullable(),
    indexName: z.string().nullable(),
    configVersion: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The published version indexed; null for a preview of the draft.' }),
    attempt: z.number().int(),
    startedAt: isoDateTime('When it started.'),
    finishedAt: isoDateTime('When it ended; null while running.').nullable(),
    swappedAt: isoDateTime(
      'When its index went live (a gated run: when a person confirmed it); null if it did not.',
    ).nullable(),
  })
  .meta({ id: 'StorefrontSyncRunDto' });
export type SyncRunDto = z.infer<typeof syncRunDto>;

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;
// Stored stats carry more (the change log's watermark); the answer keeps what the gate compares.
const statsOf = (s: IndexStats | null) =>
  s === null ? null : { count: s.count, facetValues: s.facetValues, inStockShare: s.inStockShare };

/** The gate's trip, from the GATED warning the indexer writes as `<check>: <figures>`. */
function gateOf(warnings: RunWarning[]): z.infer<typeof gateDto> | null {
  const match = /^([a-z-]+): (.*)$/s.exec(warnings.find((w) => w.code === 'GATED')?.detail ?? '');
  const check = GATE_CHECKS.find((c) => c === match?.[1]);
  return check === undefined || match === null ? null : { check, detail: match[2] };
}

export const toRunDto = (r: SyncRun, progress?: RunProgress): SyncRunDto => ({
  id: r.id,
  siteId: r.siteId,
  mode: r.mode,
  outcome: r.outcome,
  documentCount: r.documentCount,
  total: r.total,
  progress: progress ?? null,
  errors: r.errors,
  warnings: r.warnings,
  gate: r.outcome === 'gated' ? gateOf(r.warnings) : null,
  timings: r.timings,
  stats: statsOf(r.stats),
  indexName: r.indexName,
  configVersion: r.configVersion,
  attempt: r.attempt,
  startedAt: r.startedAt.toISOString(),
  finishedAt: iso(r.finishedAt),
  swappedAt: iso(r.swappedAt),
});

const siteIndexDto = z
  .object({
    indexName: z.string(),
    documentCount: count.meta({
      description: 'Documents in the index now (deltas change it after the run that built it).',
    }),
    runId: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The full run that built it; null when no run recorded it.' }),
    configVersion: z.number().int().nullable().meta({ description: 'The published version it was built from.' }),
    swappedAt: isoDateTime('When it last went live; null if never.').nullable(),
    stats: statsDto.nullable().meta({ description: 'Its figures when it was built, as the gate compares them.' }),
  })
  .meta({ id: 'StorefrontSiteIndexDto' });

const toSiteIndexDto = (i: SiteIndex | null): z.infer<typeof siteIndexDto> | null =>
  i === null
    ? null
    : {
        indexName: i.indexName,
        documentCount: i.documentCount,
        runId: i.runId,
        configVersion: i.configVersion,
        swappedAt: iso(i.swappedAt),
        stats: statsOf(i.stats),
      };

export const toIndicesDto = (i: LiveIndices) => ({
  live: toSiteIndexDto(i.live),
  rollbackTo: toSiteIndexDto(i.rollbackTo),
});

export const syncStatusDto = z
  .object({
    siteId: z.number().int(),
    status: z.enum([...RUN_OUTCOMES, 'never-run']).meta({
      description: 'The outcome of the newest full run (never-run before one); ok once a gated run is confirmed.',
    }),
    runs: z.array(syncRunDto).meta({ description: 'Newest first.' }),
    live: siteIndexDto.nullable().meta({
      description:
        'The index the shop searches now, beside which a gated run is judged; null before one went live (or ' +
        'when this server has no search engine).',
    }),
    rollbackTo: siteIndexDto
      .nullable()
      .meta({ description: 'The index POST /rollback would put live; null when there is none.' }),
  })
  .meta({ id: 'StorefrontSyncStatusDto' });

export const searchPreviewQuery = z.object({
  queries: z
    .preprocess(asList, z.array(z.string().max(200)).max(MAX_PREVIEW_QUERIES))
    .meta({
      type: 'array',
      items: { type: 'string', maxLength: 200 },
      maxItems: MAX_PREVIEW_QUERIES,
      description:
        `Queries to compare (repeat the parameter, at most ${MAX_PREVIEW_QUERIES}); left out, the site's most ` +
        `frequent searches of the last 7 days.`,
    })
    .optional(),
  market: z
    .string()
    .max(40)
    .meta({ description: 'Market code; the default market when left out or unknown.' })
    .optional(),
});

const resultItem = z.object({ id: z.string(), name: z.string() });
const placed = resultItem.extend({ position: z.number().int().min(1) });

const resultChange = z
  .object({
    query: z.string(),
    changed: z.boolean(),
    live: z.array(resultItem).meta({ description: `The top ${PREVIEW_TOP} with the live configuration.` }),
    draft: z.array(resultItem).meta({ description: `The top ${PREVIEW_TOP} with the draft.` }),
    entered: z.array(placed).meta({ description: 'In the draft top, not the live one (position in the draft).' }),
    left: z.array(placed).meta({ description: 'In the live top, not the draft one (position in the live).' }),
    moved: z.array(resultItem.extend({ from: z.number().int().min(1), to: z.number().int().min(1) })),
  })
  .meta({ id: 'StorefrontResultChangeDto' });

export const searchPreviewDto = z
  .object({
    siteId: z.number().int(),
    market: z.string(),
    language: z.string(),
    source: z
      .enum(['given', 'top-queries'])
      .meta({ description: "Where the queries came from: the request, or the site's most frequent searches." }),
    indices: z.object({ live: z.string().nullable(), draft: z.string() }).meta({
      description:
        'The indices read: the live one (null before the first publish), and for the draft the preview index ' +
        'when built, else the live one.',
    }),
    queries: z.array(resultChange),
  })
  .meta({ id: 'StorefrontSearchPreviewDto' });
