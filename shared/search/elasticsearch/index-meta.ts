import { DEFAULT_BOOSTS, resolveBoosts, type FieldBoosts, type IndexSettings } from '../index-settings';
import { isRecord } from '../is-record';

/** What queries and bulk need to know about an index; kept in the mapping's `_meta` at creation. */
export interface IndexMeta {
  languages: string[];
  boosts: FieldBoosts;
}

/** The meta an index is created with: settings resolved against the default boosts. */
export function metaOf(settings: IndexSettings): IndexMeta {
  return { languages: [...settings.languages], boosts: resolveBoosts(settings) };
}

/** Reads `_meta` back; an index created elsewhere (no meta) is treated as having no analysed languages. */
export function parseMeta(raw: unknown): IndexMeta {
  if (!isRecord(raw)) return { languages: [], boosts: { ...DEFAULT_BOOSTS } };
  const languages = Array.isArray(raw.languages) ? raw.languages.filter((l): l is string => typeof l === 'string') : [];
  const boosts = { ...DEFAULT_BOOSTS };
  if (isRecord(raw.boosts)) {
    for (const key of Object.keys(boosts) as (keyof FieldBoosts)[]) {
      const value = raw.boosts[key];
      if (typeof value === 'number' && Number.isFinite(value)) boosts[key] = value;
    }
  }
  return { languages, boosts };
}
