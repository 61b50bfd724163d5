import {
  DEFAULT_BOOSTS,
  resolveBoosts,
  type FieldBoosts,
  type IndexFields,
  type IndexSettings,
} from '../index-settings';
import { isRecord } from '../is-record';

/** What queries and bulk need to know about an index; kept in the mapping's `_meta` at creation. */
export interface IndexMeta {
  languages: string[];
  boosts: FieldBoosts;
  /** The mapped keys (bulk checks documents against them); null for an index created without them. */
  fields: IndexFields | null;
}

/** The meta an index is created with: settings resolved against the default boosts. */
export function metaOf(settings: IndexSettings): IndexMeta {
  const { fields } = settings;
  return {
    languages: [...settings.languages],
    boosts: resolveBoosts(settings),
    fields:
      fields === undefined
        ? null
        : { facets: [...fields.facets], numbers: [...fields.numbers], flags: [...fields.flags] },
  };
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

function parseFields(raw: unknown): IndexFields | null {
  if (!isRecord(raw)) return null;
  return { facets: strings(raw.facets), numbers: strings(raw.numbers), flags: strings(raw.flags) };
}

/** Reads `_meta` back; an index created elsewhere (no meta) is treated as having no analysed languages. */
export function parseMeta(raw: unknown): IndexMeta {
  if (!isRecord(raw)) return { languages: [], boosts: { ...DEFAULT_BOOSTS }, fields: null };
  const boosts = { ...DEFAULT_BOOSTS };
  if (isRecord(raw.boosts)) {
    for (const key of Object.keys(boosts) as (keyof FieldBoosts)[]) {
      const value = raw.boosts[key];
      if (typeof value === 'number' && Number.isFinite(value)) boosts[key] = value;
    }
  }
  return { languages: strings(raw.languages), boosts, fields: parseFields(raw.fields) };
}
