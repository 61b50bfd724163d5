import type { Knex } from '../../../shared/db/knex';
import { unscheduleDeltas } from '../../../shared/index-queue';
import { announceRevocation } from '../../../shared/storefront-config/config-registry';
import type { CliServices } from './services';
import {
  removeFromDraft,
  saveCollection,
  saveContent,
  saveFacet,
  saveMarket,
  saveQueryRule,
  saveSite,
  saveSynonyms,
  type DraftSection,
} from '../../../shared/storefront-config/drafts';
import { createKey, listKeys, revokeKey, type KeyKind } from '../../../shared/storefront-config/keys';
import { getSite, listSites, removeSite } from '../../../shared/storefront-config/site-store';
import { previewSearchChanges } from '../../../services/storefront-api/merchandising/preview-changes';
import { draftDiff } from '../../../shared/storefront-config/publish';
import { UsageError } from '../command';
import { siteOf, tenantOf } from './context';
import { jsonOption, parseOptions, required } from './options';

export type Output = (value: unknown) => void;
type Action = (s: CliServices, args: string[], print: Output) => Promise<void>;

const SITE_OPTIONS = ['tenant', 'site', 'code', 'name', 'ecom-site-id', 'dev-origins', 'json'];

/** `site save|list`: flags for the common fields, or the whole site as --json. */
const site: Record<string, Action> = {
  save: async ({ db }, args, print) => {
    const o = parseOptions(args, SITE_OPTIONS);
    const tenantId = await tenantOf(db, o);
    const siteId = typeof o.site === 'string' ? (await siteOf(db, o)).siteId : undefined;
    // Creating names every required field; an update (--site) changes only the options given.
    const given = (name: string) =>
      siteId === undefined ? required(o, name) : typeof o[name] === 'string' ? o[name] : undefined;
    const ecomSiteId = given('ecom-site-id');
    const fields =
      typeof o.json === 'string'
        ? (jsonOption(o, 'json') as Record<string, unknown>)
        : {
            code: given('code'),
            name: given('name'),
            ecomSiteId: ecomSiteId === undefined ? undefined : Number(ecomSiteId),
            devOrigins:
              typeof o['dev-origins'] === 'string'
                ? o['dev-origins']
                    .split(',')
                    .map((s) => s.trim())
                    .filter(Boolean)
                : siteId === undefined
                  ? []
                  : undefined,
          };
    print({ siteId: await saveSite(db, tenantId, { ...fields, siteId }) });
  },
  list: async ({ db }, args, print) => {
    const sites = await listSites(db, await tenantOf(db, parseOptions(args, ['tenant'])));
    print(
      sites.map((s) => ({
        siteId: s.id,
        code: s.draft.site.code,
        name: s.draft.site.name,
        publishedVersion: s.publishedVersion,
        markets: s.draft.markets.map((m) => m.code),
      })),
    );
  },
  remove: async ({ db, queue }, args, print) => {
    const { tenantId, siteId } = await siteOf(db, parseOptions(args, ['tenant', 'site']));
    await removeSite(db, tenantId, siteId);
    await unscheduleDeltas(queue, siteId);
    print({ removed: siteId });
  },
};

const entity = (
  section: DraftSection,
  removeKey: string,
  save: (db: Knex, scope: { tenantId: number; siteId: number }, o: ReturnType<typeof parseOptions>) => Promise<unknown>,
): Record<string, Action> => ({
  save: async ({ db }, args, print) => {
    const o = parseOptions(args, ['tenant', 'site', 'json', 'key', 'definition']);
    print(await save(db, await siteOf(db, o), o));
  },
  remove: async ({ db }, args, print) => {
    const o = parseOptions(args, ['tenant', 'site', removeKey]);
    const { tenantId, siteId } = await siteOf(db, o);
    await removeFromDraft(db, tenantId, siteId, section, required(o, removeKey));
    print({ removed: o[removeKey] });
  },
});

const key: Record<string, Action> = {
  create: async ({ db }, args, print) => {
    const o = parseOptions(args, ['tenant', 'site', 'kind', 'label']);
    const kind = required(o, 'kind');
    if (!['publishable', 'preview', 'secret'].includes(kind))
      throw new UsageError('--kind is publishable, preview or secret');
    const { tenantId, siteId } = await siteOf(db, o);
    const { key: created, raw } = await createKey(
      db,
      tenantId,
      siteId,
      kind as KeyKind,
      typeof o.label === 'string' ? o.label : kind,
    );
    print({
      id: created.id,
      kind,
      label: created.label,
      key: raw,
      note: 'Shown only now and stored only as a hash. The key works once a published version contains it (run publish).',
    });
  },
  list: async ({ db }, args, print) => {
    const { tenantId, siteId } = await siteOf(db, parseOptions(args, ['tenant', 'site']));
    print(await listKeys(db, tenantId, siteId));
  },
  revoke: async ({ db, redis }, args, print) => {
    const o = parseOptions(args, ['tenant', 'id']);
    const revoked = await revokeKey(db, await tenantOf(db, o), Number(required(o, 'id')));
    await announceRevocation(redis, revoked.siteId);
    print(revoked);
  },
};

/** `synonyms save|show`: one language's whole set as --json, or the draft's sets. */
const synonyms: Record<string, Action> = {
  save: async ({ db }, args, print) => {
    const o = parseOptions(args, ['tenant', 'site', 'language', 'json']);
    const { tenantId, siteId } = await siteOf(db, o);
    const language = required(o, 'language');
    print({ language, entries: await saveSynonyms(db, tenantId, siteId, language, jsonOption(o, 'json')) });
  },
  show: async ({ db }, args, print) => {
    const o = parseOptions(args, ['tenant', 'site', 'language']);
    const { tenantId, siteId } = await siteOf(db, o);
    const { draft } = await getSite(db, tenantId, siteId);
    print(typeof o.language === 'string' ? { [o.language]: draft.synonyms[o.language] ?? [] } : draft.synonyms);
  },
};

/** `content save|show`: the site's content block as --json (the whole block), or the draft's. */
const content: Record<string, Action> = {
  save: async ({ db }, args, print) => {
    const o = parseOptions(args, ['tenant', 'site', 'json']);
    const { tenantId, siteId } = await siteOf(db, o);
    print(await saveContent(db, tenantId, siteId, jsonOption(o, 'json')));
  },
  show: async ({ db }, args, print) => {
    const { tenantId, siteId } = await siteOf(db, parseOptions(args, ['tenant', 'site']));
    print((await getSite(db, tenantId, siteId)).draft.content);
  },
};

/** Configuration commands: `<group> <subcommand> ...`, each printing JSON. */
export const configGroups: Record<string, Record<string, Action>> = {
  site,
  market: entity('markets', 'code', (db, s, o) =>
    saveMarket(db, s.tenantId, s.siteId, jsonOption(o, 'json')).then((c) => ({ markets: c.markets })),
  ),
  facet: entity('facets', 'key', (db, s, o) =>
    saveFacet(db, s.tenantId, s.siteId, required(o, 'key'), jsonOption(o, 'definition')).then(() => ({ saved: o.key })),
  ),
  collection: entity('collections', 'id', (db, s, o) =>
    saveCollection(db, s.tenantId, s.siteId, jsonOption(o, 'json') as Record<string, unknown>).then((id) => ({
      collectionId: id,
    })),
  ),
  rule: entity('queryRules', 'id', (db, s, o) =>
    saveQueryRule(db, s.tenantId, s.siteId, jsonOption(o, 'json') as Record<string, unknown>).then((id) => ({
      ruleId: id,
    })),
  ),
  synonyms,
  content,
  key,
};

/**
 * `diff --tenant T --site S`: what publish would change; with `--results`, also what it would change in the top
 * results of the given `--queries a,b` (else the site's most frequent searches).
 */
export const diffAction: Action = async ({ db, engine }, args, print) => {
  const o = parseOptions(args, ['tenant', 'site', 'queries', 'market'], ['results']);
  const { tenantId, siteId } = await siteOf(db, o);
  const changes = await draftDiff(db, tenantId, siteId);
  if (o.results !== true) return print(changes);
  const queries = typeof o.queries === 'string' ? o.queries.split(',') : undefined;
  const results = await previewSearchChanges(
    { db, engine: (await engine()).engine },
    { tenantId, siteId },
    { ...(queries && { queries }), ...(typeof o.market === 'string' && { market: o.market }) },
  );
  print({ changes, results });
};
