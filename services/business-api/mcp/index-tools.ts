import { z } from 'zod';
import { AliasActionError } from '../../../indexer/runs/alias-actions';
import { afterPublish } from '../../../shared/storefront-config/on-published';
import { draftDiff, publishConfig } from '../../../shared/storefront-config/publish';
import type { AuthContext } from '../auth/auth-context';
import { tenantSite } from '../storefront-admin/admin-deps';
import { confirmGatedRun, queueRun, syncStatus } from '../storefront-admin/index-actions';
import { siteIdArg } from './config-args';
import { instanceOf, type StorefrontToolDeps } from './storefront-deps';
import { defineTool, ToolError, type AnyTool } from './tool-registry';

/**
 * Publishing, the draft diff, sync status, reindexing and the preview build, as the CLI and the REST admin API do them.
 */
export function indexTools(deps: StorefrontToolDeps): AnyTool[] {
  const { db } = deps;
  /** The site in the caller's default instance (not found otherwise): runs and the queue know only site ids. */
  const siteScope = async (auth: AuthContext, siteId: number) => tenantSite(db, await instanceOf(deps, auth), siteId);
  return [
    defineTool({
      name: 'publish_storefront_config',
      title: 'Publish the draft',
      writes: true,
      input: z.object({
        siteId: siteIdArg,
        note: z.string().max(1000).describe('What changed, for the version history.'),
      }),
      description:
        'Freezes the draft into the next published version (keys created since become live), tells the ' +
        'storefront to reload, and queues a full reindex.',
      run: async ({ auth, args }) => {
        const { tenantId } = await siteScope(auth, args.siteId);
        return publishConfig(
          db,
          tenantId,
          args.siteId,
          args.note,
          afterPublish({ redis: deps.redis, queue: deps.queue, deltaEveryMs: deps.deltaEveryMs }),
        );
      },
    }),
    defineTool({
      name: 'get_storefront_draft_diff',
      title: 'What publish would change',
      input: z.object({ siteId: siteIdArg }),
      description:
        'The differences between the draft and the published version, field by field, and the keys ' +
        'publishing would make live.',
      run: async ({ auth, args }) => draftDiff(db, (await siteScope(auth, args.siteId)).tenantId, args.siteId),
    }),
    defineTool({
      name: 'get_storefront_sync_status',
      title: 'Indexing status',
      input: z.object({
        siteId: siteIdArg,
        limit: z.number().int().min(1).max(200).default(10).describe('How many runs, newest first (default 10).'),
      }),
      description:
        "The site's newest index runs: mode, outcome (running, ok, gated, failed, cancelled), document " +
        'counts and warnings naming products left out (e.g. NO_PRICE).',
      run: async ({ auth, args }) => syncStatus(db, await siteScope(auth, args.siteId), args.limit),
    }),
    defineTool({
      name: 'trigger_storefront_reindex',
      title: 'Rebuild the index',
      writes: true,
      input: z.object({
        siteId: siteIdArg,
        confirmGatedRun: z
          .boolean()
          .default(false)
          .describe(
            'true: instead of queueing a run, swap in the newest gated run (one held back because it lost ' +
              'too many documents).',
          ),
      }),
      description:
        'Queues a full reindex of the published config; with confirmGatedRun: true, puts the newest gated ' +
        'run live instead (an explicit confirmation).',
      run: async ({ auth, args }) => {
        const scope = await siteScope(auth, args.siteId);
        if (!args.confirmGatedRun)
          return { ...(await queueRun(deps.queue, scope, 'full')), note: 'Follow it with get_storefront_sync_status.' };
        try {
          return { confirmed: await confirmGatedRun(deps, scope) };
        } catch (err) {
          if (err instanceof AliasActionError) throw new ToolError(err.message);
          throw err;
        }
      },
    }),
    defineTool({
      name: 'build_storefront_preview',
      title: 'Build the preview index',
      writes: true,
      input: z.object({ siteId: siteIdArg }),
      description: 'Queues a preview index built from the draft, for preview keys; the live shop is not touched.',
      run: async ({ auth, args }) => ({
        ...(await queueRun(deps.queue, await siteScope(auth, args.siteId), 'preview')),
        note: 'Read it with a preview key once get_storefront_sync_status shows the preview run ok.',
      }),
    }),
  ];
}
