import type { Client, estypes } from '@elastic/elasticsearch';
import { SearchEngineError } from '../errors';
import { esCall, isNotFound, toPortError } from './es-errors';
import { isValidName } from '../index-name';

/** Attempts of a swap when another writer moves the alias between our read and our update. */
export const SWAP_ATTEMPTS = 3;

/**
 * Body of the one `_aliases` call that moves an alias: remove from the previous indices and add, atomically.
 * Each remove carries `must_exist: true`: without it a remove whose alias has already moved is skipped while the
 * add still applies (8.14+ answers 200 with `errors: true`), leaving the alias on two indices; with it the whole
 * call fails and nothing changes (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/indices-aliases.html,
 * https://github.com/elastic/elasticsearch/issues/94478). Pure.
 */
export function swapAliasActions(
  alias: string,
  index: string,
  previous: readonly string[],
): estypes.IndicesUpdateAliasesAction[] {
  return [...previous.map((from) => ({ remove: { index: from, alias, must_exist: true } })), { add: { index, alias } }];
}

/**
 * Alias lookups expand to open indices only: the API's default `expand_wildcards=all` would also list closed
 * and hidden indices (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/indices-get-alias.html).
 */
export const OPEN_INDICES = { expand_wildcards: 'open' } as const;

/** Indices an alias points to, sorted; empty when the alias does not exist. */
async function aliasTargets(client: Client, alias: string): Promise<string[]> {
  if (!isValidName(alias)) return [];
  try {
    const response = await client.indices.getAlias({ name: alias, ...OPEN_INDICES });
    return Object.keys(response).sort();
  } catch (error) {
    if (isNotFound(error)) return [];
    throw toPortError(error, alias);
  }
}

/** Index the alias points to, or null. */
export async function resolveAlias(client: Client, alias: string): Promise<string | null> {
  return (await aliasTargets(client, alias))[0] ?? null;
}

/** True when an `_aliases` answer reports an action that did not apply (8.14+: 200 with `errors: true`). */
export function aliasUpdateFailed(response: estypes.IndicesUpdateAliasesResponse): boolean {
  return (response as { errors?: unknown }).errors === true;
}

/**
 * Points the alias at the index in one `_aliases` call (Elasticsearch applies its actions atomically, so
 * searches on the alias see the old index or the new one, never neither); returns the previous index.
 * If another writer moved the alias in between, a remove fails (must_exist: `aliases_not_found_exception` from
 * 8.14, `resource_not_found_exception` "required alias [...] does not exist" before; both read as ALIAS_NOT_FOUND)
 * and the swap reads again and retries; after SWAP_ATTEMPTS it gives up with ALIAS_CONFLICT.
 */
export async function swapAlias(client: Client, alias: string, index: string): Promise<string | null> {
  if (!isValidName(alias)) throw new SearchEngineError('INVALID_NAME', `invalid alias name "${alias}"`);
  if (!isValidName(index)) throw new SearchEngineError('INDEX_NOT_FOUND', `index "${index}" not found`);
  for (let attempt = 1; attempt <= SWAP_ATTEMPTS; attempt++) {
    const previous = await aliasTargets(client, alias);
    try {
      const response = await esCall(index, () =>
        client.indices.updateAliases({ actions: swapAliasActions(alias, index, previous) }),
      );
      if (aliasUpdateFailed(response))
        throw new SearchEngineError('ALIAS_CONFLICT', `alias "${alias}": an action did not apply`);
      return previous[0] ?? null;
    } catch (error) {
      const moved = error instanceof SearchEngineError && error.code === 'ALIAS_NOT_FOUND' && previous.length > 0;
      if (!moved) throw error;
    }
  }
  throw new SearchEngineError('ALIAS_CONFLICT', `alias "${alias}" kept moving while it was swapped to "${index}"`);
}
