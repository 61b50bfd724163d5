import { isDeepStrictEqual } from 'node:util';
import { emptyConfig, type SiteConfig, type SynonymEntry } from './schemas';

/** One difference publish would make: `path` names the entity (by its key) and field. */
export type ConfigChange =
  | { op: 'add'; path: string; after: unknown }
  | { op: 'change'; path: string; before: unknown; after: unknown }
  | { op: 'remove'; path: string; before: unknown };

type Entity = Record<string, unknown>;

function fieldChanges(path: string, before: Entity, after: Entity): ConfigChange[] {
  const changes: ConfigChange[] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [b, a] = [before[field], after[field]];
    if (isDeepStrictEqual(b, a)) continue;
    if (b === undefined) changes.push({ op: 'add', path: `${path}.${field}`, after: a });
    else if (a === undefined) changes.push({ op: 'remove', path: `${path}.${field}`, before: b });
    else changes.push({ op: 'change', path: `${path}.${field}`, before: b, after: a });
  }
  return changes;
}

function entityChanges<T extends Entity>(
  section: string,
  before: readonly T[],
  after: readonly T[],
  key: (item: T) => string | number,
): ConfigChange[] {
  const old = new Map(before.map((item) => [key(item), item]));
  const changes: ConfigChange[] = [];
  for (const item of after) {
    const previous = old.get(key(item));
    const path = `${section}.${key(item)}`;
    if (previous === undefined) changes.push({ op: 'add', path, after: item });
    else changes.push(...fieldChanges(path, previous, item));
    old.delete(key(item));
  }
  for (const [k, item] of old) changes.push({ op: 'remove', path: `${section}.${k}`, before: item });
  return changes;
}

/** Synonym entries added and removed, per language (an entry is its whole content: a changed one is both). */
function synonymChanges(before: SiteConfig['synonyms'], after: SiteConfig['synonyms']): ConfigChange[] {
  const changes: ConfigChange[] = [];
  for (const language of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const path = `synonyms.${language}`;
    const keyed = (entries: readonly SynonymEntry[] = []) => new Map(entries.map((e) => [JSON.stringify(e), e]));
    const [old, next] = [keyed(before[language]), keyed(after[language])];
    for (const [key, entry] of old) if (!next.has(key)) changes.push({ op: 'remove', path, before: entry });
    for (const [key, entry] of next) if (!old.has(key)) changes.push({ op: 'add', path, after: entry });
  }
  return changes;
}

/**
 * What publishing `draft` over `published` (null before the first publish) would add, change and remove,
 * field by field; markets are keyed by code, facets by key, collections and query rules by id,
 * synonym entries by their content per language; the content block field by field.
 */
export function diffConfigs(published: SiteConfig | null, draft: SiteConfig): ConfigChange[] {
  const base = published ?? emptyConfig({} as SiteConfig['site']);
  return [
    ...fieldChanges('site', base.site, draft.site),
    ...entityChanges('markets', base.markets, draft.markets, (m) => m.code),
    ...entityChanges('facets', base.facets, draft.facets, (f) => f.key),
    ...entityChanges('collections', base.collections, draft.collections, (c) => c.id),
    ...entityChanges('queryRules', base.queryRules, draft.queryRules, (r) => r.id),
    ...synonymChanges(base.synonyms, draft.synonyms),
    ...fieldChanges('content', base.content, draft.content),
  ];
}
