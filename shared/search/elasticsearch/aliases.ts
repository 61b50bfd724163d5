import type { Client, estypes } from '@elastic/elasticsearch';
import { SearchEngineError } from '../errors';
import { esCall, isNotFound } from './es-errors';
import { isValidName } from '../index-name';

/** Body of the one `_aliases` call that moves an alias: remove from the previous indices and add, atomically. Pure. */
export function swapAliasActions(alias: string, index: string, previous: readonly string[]): estypes.IndicesUpdateAliasesAction[] {
  return [...previous.map((from) => ({ remove: { index: from, alias } })), { add: { index, alias } }];
}

/** Indices an alias points to, sorted; empty when the alias does not exist. */
async function aliasTargets(client: Client, alias: string): Promise<string[]> {
  if (!isValidName(alias)) return [];
  try {
    const response = await client.indices.getAlias({ name: alias });
    return Object.keys(response).sort();
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

/** Index the alias points to, or null. */
export async function resolveAlias(client: Client, alias: string): Promise<string | null> {
  return (await aliasTargets(client, alias))[0] ?? null;
}

/**
 * Points the alias at the index in one `_aliases` call (Elasticsearch applies its actions atomically, so
 * searches on the alias see the old index or the new one, never neither); returns the previous index.
 * If another writer moved the alias in between, the remove action fails rather than leaving two targets.
 */
export async function swapAlias(client: Client, alias: string, index: string): Promise<string | null> {
  if (!isValidName(alias)) throw new SearchEngineError('INVALID_NAME', `invalid alias name "${alias}"`);
  if (!isValidName(index)) throw new SearchEngineError('INDEX_NOT_FOUND', `index "${index}" not found`);
  const previous = await aliasTargets(client, alias);
  await esCall(index, () => client.indices.updateAliases({ actions: swapAliasActions(alias, index, previous) }));
  return previous[0] ?? null;
}
