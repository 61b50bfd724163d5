import type { Knex } from '../../../shared/db/knex';
import { unscheduleDeltas } from '../../../shared/index-queue';
import { announceRevocation } from '../../../shared/storefront-config/config-registry';
import type { CliServices } from './services';
import { removeFromDraft, saveCollection, saveFacet, saveMarket, saveQueryRule, saveSite, type DraftSection } from '../../../shared/storefront-config/drafts';
import { createKey, listKeys, revokeKey, type KeyKind } from '../../../shared/storefront-config/keys';
import { listSites, removeSite } from '../../../shared/storefront-config/site-store';
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
    const fields = typeof o.json === 'string' ? (jsonOption(o, 'json') as Record<string, unknown>) : {
      code: required(o, 'code'),
      name: required(o, 'name'),
      ecomSiteId: Number(required(o, 'ecom-site-id')),
      devOrigins: typeof o['dev-origins'] === 'string' ? o['dev-origins'].split(',').map((s) => s.trim()).filter(Boolean) : [],
    };
    const siteId = typeof o.site === 'string' ? (await siteOf(db, o)).siteId : undefined;
    print({ siteId: await saveSite(db, tenantId, { ...fields, siteId }) });
  },
  list: async ({ db }, args, print) => {
    const sites = await listSites(db, await tenantOf(db, parseOptions(args, ['tenant'])));
    print(sites.map((s) => ({ siteId: s.id, code: s.draft.site.code, name: s.draft.site.name, publishedVersion: s.publishedVersion, markets: s.draft.markets.map((m) => m.code) })));
  },
  remove: async ({ db, queue }, args, print) => {
    const { tenantId, siteId } = await siteOf(db, parseOptions(args, ['tenant', 'site']));
    await removeSite(db, tenantId, siteId);
    await unscheduleDeltas(queue, siteId);
    print({ removed: siteId });
  },
};

const entity = (section: DraftSection, removeKey: string, save: (db: Knex, scope: { tenantId: number; siteId: number }, o: ReturnType<typeof parseOptions>) => Promise<unknown>): Record<string, Action> => ({
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
    if (!['publishable', 'preview', 'secret'].includes(kind)) throw new UsageError('--kind is publishable, preview or secret');
    const { tenantId, siteId } = await siteOf(db, o);
    const { key: created, raw } = await createKey(db, tenantId, siteId, kind as KeyKind, typeof o.label === 'string' ? o.label : kind);
    print({ id: created.id, kind, label: created.label, key: raw, note: 'Shown only now and stored only as a hash. The key works once a published version contains it (run publish).' });
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

/** Configuration commands: `<group> <subcommand> ...`, each printing JSON. */
export const configGroups: Record<string, Record<string, Action>> = {
  site,
  market: entity('markets', 'code', (db, s, o) => saveMarket(db, s.tenantId, s.siteId, jsonOption(o, 'json')).then((c) => ({ markets: c.markets }))),
  facet: entity('facets', 'key', (db, s, o) => saveFacet(db, s.tenantId, s.siteId, required(o, 'key'), jsonOption(o, 'definition')).then(() => ({ saved: o.key }))),
  collection: entity('collections', 'id', (db, s, o) => saveCollection(db, s.tenantId, s.siteId, jsonOption(o, 'json') as Record<string, unknown>).then((id) => ({ collectionId: id }))),
  rule: entity('queryRules', 'id', (db, s, o) => saveQueryRule(db, s.tenantId, s.siteId, jsonOption(o, 'json') as Record<string, unknown>).then((id) => ({ ruleId: id }))),
  key,
};

/** `diff --tenant T --site S`: what publish would change. */
export const diffAction: Action = async ({ db }, args, print) => {
  const { tenantId, siteId } = await siteOf(db, parseOptions(args, ['tenant', 'site']));
  print(await draftDiff(db, tenantId, siteId));
};
