import type { Client } from '@elastic/elasticsearch';
import type { IndexInfo } from '../engine';
import { SearchEngineError } from '../errors';
import { isValidName } from '../index-name';
import type { IndexSettings } from '../index-settings';
import { OPEN_INDICES } from './aliases';
import { esCall, isNotFound, toPortError } from './es-errors';
import { BULK_LOAD_SETTINGS, createIndexRequest, servingSettings, type ServingSettings } from './index-body';
import { isValidPrefix } from './index-names';
import { parseMeta, type IndexMeta } from './index-meta';
import { boundedCall, type QueryLimits } from './query-limits';

function notFound(name: string): SearchEngineError {
  return new SearchEngineError('INDEX_NOT_FOUND', `index or alias "${name}" not found`);
}

/** Creates an index in bulk-load mode; INVALID_NAME or INDEX_EXISTS as the port defines. */
export async function createIndex(client: Client, name: string, settings: IndexSettings): Promise<void> {
  if (!isValidName(name)) throw new SearchEngineError('INVALID_NAME', `invalid index name "${name}"`);
  await esCall(name, () => client.indices.create(createIndexRequest(name, settings)));
}

/**
 * Only the `_meta` of a mapping travels back: the whole mapping of a site with hundreds of facets is large and
 * this runs before queries (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/common-options.html#common-options-response-filtering).
 */
export const META_ONLY = { filter_path: ['*.mappings._meta'] };

/**
 * Languages, boosts and fields of the index behind a name or alias (read from the mapping's `_meta`); `limits`
 * bound the call (queries pass theirs; bulk keeps the client's defaults).
 */
export async function readMeta(client: Client, target: string, limits?: QueryLimits): Promise<IndexMeta> {
  if (!isValidName(target)) throw notFound(target);
  const options = limits === undefined ? {} : boundedCall(limits);
  const response = await esCall(target, () => client.indices.getMapping({ index: target, ...META_ONLY }, options));
  // A missing index is a 404 (INDEX_NOT_FOUND above); an index without `_meta` is filtered down to `{}`.
  const first = Object.values(response)[0];
  return parseMeta(first?.mappings?._meta);
}

/**
 * Ends bulk-load mode when the index is still in it (restoring the serving refresh interval and replicas),
 * then refreshes: the indexer's count gate right after sees every document.
 */
export async function refreshIndex(client: Client, name: string, serving: ServingSettings): Promise<void> {
  if (!isValidName(name)) throw notFound(name);
  const current = await esCall(name, () =>
    client.indices.getSettings({ index: name, name: 'index.refresh_interval', flat_settings: true }),
  );
  const inBulkLoad = Object.values(current).some(
    (entry) => entry.settings?.['index.refresh_interval'] === BULK_LOAD_SETTINGS.refresh_interval,
  );
  if (inBulkLoad)
    await esCall(name, () => client.indices.putSettings({ index: name, settings: servingSettings(serving) }));
  await esCall(name, () => client.indices.refresh({ index: name }));
}

/** Visible documents of an index or alias. */
export async function countDocuments(client: Client, name: string): Promise<number> {
  if (!isValidName(name)) throw notFound(name);
  return (await esCall(name, () => client.count({ index: name }))).count;
}

/** Drops an index; Elasticsearch removes the aliases pointing to it in the same step. */
export async function deleteIndex(client: Client, name: string): Promise<void> {
  if (!isValidName(name)) throw notFound(name);
  await esCall(name, () => client.indices.delete({ index: name }));
}

/**
 * The names a listing keeps: those the port could have created (so `.kibana_1` and other system or hidden
 * names never reach count) that start with the prefix, sorted. Pure.
 */
export function listedNames(names: readonly string[], prefix: string): string[] {
  return names.filter((name) => isValidName(name) && name.startsWith(prefix)).sort();
}

/** Indices whose names start with the prefix, sorted by name, with visible counts and aliases. */
export async function listIndices(client: Client, prefix: string): Promise<IndexInfo[]> {
  if (!isValidPrefix(prefix)) return [];
  let aliasesByIndex: Record<string, { aliases?: Record<string, unknown> }>;
  try {
    aliasesByIndex = await client.indices.getAlias({ index: `${prefix}*`, ...OPEN_INDICES });
  } catch (error) {
    if (isNotFound(error)) return [];
    throw toPortError(error, prefix);
  }
  const names = listedNames(Object.keys(aliasesByIndex), prefix);
  return Promise.all(
    names.map(async (name) => ({
      name,
      // The count API (not index stats) so listIndices agrees with count(): only refreshed documents.
      docCount: await countDocuments(client, name),
      aliases: Object.keys(aliasesByIndex[name]?.aliases ?? {}).sort(),
    })),
  );
}
