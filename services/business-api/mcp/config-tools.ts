import { z } from 'zod';
import { saveCollection, saveContent, saveFacet, saveMarket, saveSite } from '../../../shared/storefront-config/drafts';
import { createKey } from '../../../shared/storefront-config/keys';
import { revokeSiteKey } from '../storefront-admin/key-actions';
import { jsonArg, siteFields, siteIdArg } from './config-args';
import { instanceOf, type StorefrontToolDeps } from './storefront-deps';
import { defineTool, type AnyTool } from './tool-registry';

const DRAFT = ' The change lands in the draft; it goes live with publish_storefront_config.';

/**
 * The draft-saving tools, key creation and revocation (spec/storefront-api.md, "Configuration tools"), as the CLI saves
 * them.
 */
export function configTools(deps: StorefrontToolDeps): AnyTool[] {
  const { db } = deps;
  return [
    defineTool({
      name: 'save_storefront_site',
      title: 'Create or change a site',
      writes: true,
      input: z.object({
        siteId: siteIdArg
          .optional()
          .describe(
            "The site to change; omit to create one (a code another site has is refused: pass that site's " +
              'siteId to change it).',
          ),
        code: z.string().describe('1 to 40 lowercase letters, digits or hyphens.'),
        name: z.string(),
        ecomSiteId: z.number().int().positive().describe('The webshop site id in the business system.'),
        devOrigins: z
          .array(z.string())
          .describe('Browser origins allowed during development, e.g. http://localhost:5173.'),
        assortmentJson: jsonArg(
          'assortmentJson',
          'Optional {categoryRootIds: number[], excludeInactive: boolean}',
        ).optional(),
        urlPatterns: z
          .record(z.string(), z.unknown())
          .optional()
          .describe('Optional {product: "/p/{slug}", collection: "/k/{path}"}.'),
      }),
      description:
        `Creates a storefront site, or changes the draft of the site with siteId: fields left out ` +
        `(assortmentJson, urlPatterns) keep their values. Returns { siteId }.${DRAFT}`,
      run: async ({ auth, args }) => ({
        siteId: await saveSite(db, await instanceOf(deps, auth), { siteId: args.siteId, ...siteFields(args) }),
      }),
    }),
    defineTool({
      name: 'save_storefront_market',
      title: 'Add or change a market',
      writes: true,
      input: z.object({
        siteId: siteIdArg,
        code: z.string(),
        language: z.string().describe('BCP-47, e.g. en or sv-SE.'),
        currency: z.string().describe('ISO 4217, e.g. EUR.'),
        country: z.string().describe('ISO 3166-1 alpha-2, e.g. SE.'),
        urlTemplate: z.string().describe('Absolute URL containing {path}.'),
        priceListId: z.number().int().positive(),
        isDefault: z.boolean(),
        brandUrlPattern: z.string().optional().describe('Optional path containing {slug}.'),
      }),
      description: `Adds or replaces the site's market with this code.${DRAFT}`,
      run: async ({ auth, args }) => {
        const { siteId, ...market } = args;
        const draft = await saveMarket(db, await instanceOf(deps, auth), siteId, market);
        return { markets: draft.markets };
      },
    }),
    defineTool({
      name: 'save_storefront_facet_config',
      title: 'Add or change a facet',
      writes: true,
      input: z.object({
        siteId: siteIdArg,
        key: z.string().describe('The facet key; price and in-stock are reserved.'),
        definitionJson: jsonArg(
          'definitionJson',
          'The facet definition: {source: {kind: brand|option|attribute|category, ...}, type: ' +
            'list|hierarchy|range|toggle|swatch, label, ..., swatches: {<value key>: {color, image}}} (a ' +
            'swatch image is a path under the media source root or an http(s) URL; the indexer renders it)',
        ),
      }),
      description: `Adds or replaces one facet of the site.${DRAFT}`,
      run: async ({ auth, args }) => {
        const draft = await saveFacet(db, await instanceOf(deps, auth), args.siteId, args.key, args.definitionJson);
        return { saved: args.key, facets: draft.facets.map((f) => f.key) };
      },
    }),
    defineTool({
      name: 'save_storefront_collection',
      title: 'Add or change a collection',
      writes: true,
      input: z.object({
        siteId: siteIdArg,
        id: z.number().int().positive().optional().describe('Omit to add a collection; give it to replace one.'),
        slugsJson: jsonArg('slugsJson', 'A slug per language, e.g. {"en": "shoes"}'),
        namesJson: jsonArg('namesJson', 'A name per language, e.g. {"en": "Shoes"}'),
        filterJson: jsonArg('filterJson', 'Facet key to values; {"all": []} matches everything'),
        parentId: z
          .number()
          .int()
          .positive()
          .nullable()
          .optional()
          .describe('The parent collection, or null at the top.'),
        position: z.number().int().min(0).optional(),
        pin: jsonArg('pin', 'Products at the head of the listing: [{"productId": "123", "position": 1}]').optional(),
        hide: jsonArg('hide', 'Products left out of the listing, its total and facet counts: ["456"]').optional(),
      }),
      description:
        `Adds or replaces a collection: a listing defined by a filter, with a slug per language and a place in ` +
        `the tree, and optionally products pinned at positions and products hidden. Returns { collectionId }.${DRAFT}`,
      run: async ({ auth, args }) => {
        const { siteId, slugsJson, namesJson, filterJson, ...rest } = args;
        const input = { ...rest, slugs: slugsJson, names: namesJson, filter: filterJson };
        return { collectionId: await saveCollection(db, await instanceOf(deps, auth), siteId, input) };
      },
    }),
    defineTool({
      name: 'save_storefront_content',
      title: 'Choose what fills product content',
      writes: true,
      input: z.object({
        siteId: siteIdArg,
        contentJson: jsonArg(
          'contentJson',
          'The content block: {"shortDescription": {"property": ' +
            '"shortDescription"|"description"}|{"attribute": "<key>"}|null, "description": (the same), ' +
            '"attributes": [{"key": "fabric", "attribute": "material", "label": {"en": "Fabric"}, "type": ' +
            '"text"|"html"|"number"|"bool"|"list"|null}] or null (every attribute, as stored)}; ' +
            'left-out fields take these zero-config defaults',
        ),
      }),
      description:
        `Replaces the site's content block: which product properties fill the short description, the ` +
        `description and the attributes of product pages (and the short description of cards). Returns { ` +
        `content }.${DRAFT}`,
      run: async ({ auth, args }) => ({
        content: await saveContent(db, await instanceOf(deps, auth), args.siteId, args.contentJson),
      }),
    }),
    defineTool({
      name: 'create_storefront_api_key',
      title: 'Create a storefront key',
      writes: true,
      input: z.object({
        siteId: siteIdArg,
        kind: z.enum(['publishable', 'preview', 'secret']),
        label: z.string().max(200),
      }),
      description:
        'Creates a storefront API key. The raw key is returned once and stored nowhere (only its hash): keep ' +
        'it now. It works once a published version contains it.',
      run: async ({ auth, args }) => {
        const { key, raw } = await createKey(db, await instanceOf(deps, auth), args.siteId, args.kind, args.label);
        return {
          id: key.id,
          kind: key.kind,
          label: key.label,
          key: raw,
          note: 'Shown only now. The key works after the next publish_storefront_config.',
        };
      },
    }),
    defineTool({
      name: 'revoke_storefront_api_key',
      title: 'Revoke a storefront key',
      writes: true,
      input: z.object({
        siteId: siteIdArg,
        keyId: z.number().int().positive().describe("The key's id, as create_storefront_api_key returned it."),
      }),
      description:
        'Revokes a storefront API key of the site at once, without a publish: requests with it get 401 from ' +
        'then on. A leaked key is revoked this way. Returns the key (never its raw value) with revokedAt.',
      run: async ({ auth, args }) => {
        const revoked = await revokeSiteKey(
          deps,
          { tenantId: await instanceOf(deps, auth), siteId: args.siteId },
          args.keyId,
        );
        return { id: revoked.id, kind: revoked.kind, label: revoked.label, revokedAt: revoked.revokedAt };
      },
    }),
  ];
}
