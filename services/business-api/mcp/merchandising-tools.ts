import { z } from 'zod';
import { removeFromDraft, saveQueryRule, saveSynonyms } from '../../../shared/storefront-config/drafts';
import { ConfigValidationError } from '../../../shared/storefront-config/errors';
import {
  MAX_PREVIEW_QUERIES,
  PREVIEW_TOP,
  previewSearchChanges,
} from '../../storefront-api/merchandising/preview-changes';
import { jsonArg, siteIdArg } from './config-args';
import { instanceOf, type StorefrontToolDeps } from './storefront-deps';
import { defineTool, type AnyTool } from './tool-registry';

const DRAFT =
  ' The change lands in the draft; it goes live with publish_storefront_config (a preview key sees it at once).';

const RULE_SHAPE =
  '{"query": "trainers", "match": "exact"|"contains", "markets": ["se"], "activeFrom": ISO instant|null, ' +
  '"activeUntil": ISO instant|null, ' +
  '"pin": [{"productId": "123", "position": 1}], "hide": ["456"], "boost": {"brand": ["acme"]}, "bury": ' +
  '{"in-stock": ["false"]}, ' +
  '"filter": {"color": ["red"]}, "target": {"kind": "url", "url": "https://..."}|{"kind": "collection", ' +
  '"collectionId": 3}|null}; ' +
  'only query is required, and at least one action (pin, hide, boost, bury, filter, target)';

/** Synonyms and query rules (docs/merchandising.md), saved into the draft as the CLI saves them. */
export function merchandisingTools(deps: StorefrontToolDeps): AnyTool[] {
  const { db } = deps;
  return [
    defineTool({
      name: 'save_storefront_synonyms',
      title: "Replace a language's synonyms",
      writes: true,
      input: z.object({
        siteId: siteIdArg,
        language: z
          .string()
          .describe('The language the synonyms are for, e.g. en or sv (searches in that language use them).'),
        synonymsJson: jsonArg(
          'synonymsJson',
          'The whole set for the language: an array of entries, each {"terms": ["sneaker", "trainer", ' +
            '"running shoe"]} (equivalent: each term finds all of them) or {"from": "laptop", "to": ' +
            '["notebook"]} (one-way); [] removes the set',
        ),
      }),
      description:
        `Replaces the synonym set of one language of a site; applied when shoppers search, without a reindex. ` +
        `Returns { language, entries }.${DRAFT}`,
      run: async ({ auth, args }) => ({
        language: args.language,
        entries: await saveSynonyms(db, await instanceOf(deps, auth), args.siteId, args.language, args.synonymsJson),
      }),
    }),
    defineTool({
      name: 'save_storefront_query_rule',
      title: 'Add or change a query rule',
      writes: true,
      input: z.object({
        siteId: siteIdArg,
        ruleJson: jsonArg('ruleJson', `The rule: ${RULE_SHAPE}`),
        ruleId: z.number().int().positive().optional().describe('Omit to add a rule; give it to replace that rule.'),
      }),
      description:
        `Adds or replaces a query rule: for searches matching its query, pin products at positions, hide ` +
        `products, boost or bury products matching a filter, apply a filter, or redirect. Returns { ruleId }.${DRAFT}`,
      run: async ({ auth, args }) => {
        if (typeof args.ruleJson !== 'object' || args.ruleJson === null || Array.isArray(args.ruleJson)) {
          throw new ConfigValidationError([
            { field: 'ruleJson', message: 'must be a JSON object such as {"query": "trainers", "pin": [...]}' },
          ]);
        }
        // The rule's id is ruleId's business, never the body's.
        const { id: _ignored, ...fields } = args.ruleJson as Record<string, unknown>;
        return {
          ruleId: await saveQueryRule(db, await instanceOf(deps, auth), args.siteId, {
            ...fields,
            ...(args.ruleId !== undefined && { id: args.ruleId }),
          }),
        };
      },
    }),
    defineTool({
      name: 'remove_storefront_query_rule',
      title: 'Remove a query rule',
      writes: true,
      input: z.object({ siteId: siteIdArg, ruleId: z.number().int().positive() }),
      description: `Removes a query rule from the draft. Returns { removed: ruleId }.${DRAFT}`,
      run: async ({ auth, args }) => {
        await removeFromDraft(db, await instanceOf(deps, auth), args.siteId, 'queryRules', String(args.ruleId));
        return { removed: args.ruleId };
      },
    }),
    defineTool({
      name: 'preview_storefront_search_changes',
      title: 'Preview what the draft changes in search results',
      input: z.object({
        siteId: siteIdArg,
        queries: z
          .array(z.string().max(200))
          .max(MAX_PREVIEW_QUERIES)
          .optional()
          .describe("Queries to compare; omit to take the site's most frequent searches of the last 7 days."),
        market: z.string().optional().describe('Market code; the default market when omitted.'),
      }),
      description:
        `For each query, the top ${PREVIEW_TOP} products with the live configuration (live index) and with ` +
        `the draft (preview index when built, else live), ` +
        'and which products entered, left or moved. Nothing is changed.',
      run: async ({ auth, args }) => {
        const { siteId, ...input } = args;
        return previewSearchChanges(
          { db, engine: await deps.engine() },
          { tenantId: await instanceOf(deps, auth), siteId },
          input,
        );
      },
    }),
  ];
}
