import type { Client, estypes } from '@elastic/elasticsearch';
import type { BulkOperation } from '../bulk';
import { SearchEngineError } from '../errors';
import { keyLabel } from './document-fields';
import { esCall, errorReason } from './es-errors';
import { addedProperties, planFieldExtension, wantedKeys, type FieldRefusals } from './field-extension';
import {
  buildMappingProperties,
  countMappedFields,
  DEFAULT_TOTAL_FIELDS_LIMIT,
  totalFieldsLimit,
} from './index-mapping';
import type { IndexMeta } from './index-meta';

const FIELD_LIMIT_SETTING = 'index.mapping.total_fields.limit';

/** The index's meta once its fields were extended, and why the keys it still lacks could not be added. */
export interface ExtendedMeta {
  meta: IndexMeta;
  refusals: FieldRefusals;
}

/** `index.mapping.total_fields.limit` of a get-settings answer (its own value, else the default). Pure. */
export function fieldLimitOf(response: estypes.IndicesGetSettingsResponse): number {
  const [entry] = Object.values(response);
  const raw = entry?.settings?.[FIELD_LIMIT_SETTING] ?? entry?.defaults?.[FIELD_LIMIT_SETTING];
  const limit = Number(raw);
  return Number.isFinite(limit) ? limit : DEFAULT_TOTAL_FIELDS_LIMIT;
}

async function readFieldLimit(client: Client, index: string): Promise<number> {
  const response = await esCall(index, () =>
    client.indices.getSettings({ index, name: FIELD_LIMIT_SETTING, include_defaults: true, flat_settings: true }),
  );
  return fieldLimitOf(response);
}

/**
 * Adds to a live index's mapping the keys the bulk call's documents use and its fields lack (a facet, market or
 * numeric key published after the index was built), so a delta's documents land instead of failing the strict
 * mapping. New fields are additive: one put-mapping with only the new properties and the grown `_meta.fields`,
 * after raising `index.mapping.total_fields.limit` to what createIndex would give the grown mapping
 * (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/indices-put-mapping.html). Keys that cannot be
 * placed, or a put-mapping the node refuses, come back as refusals, and bulk fails those documents with the
 * reason. An index created without fields (dynamic keyed objects) needs nothing. Unavailability throws.
 */
export async function extendMapping(
  client: Client,
  index: string,
  meta: IndexMeta,
  operations: readonly BulkOperation[],
): Promise<ExtendedMeta> {
  const declared = meta.fields;
  if (declared === null) return { meta, refusals: new Map() };
  const wanted = wantedKeys(operations, declared);
  if (wanted.length === 0) return { meta, refusals: new Map() };
  const plan = planFieldExtension(meta.languages, declared, wanted);
  if (plan.added.length === 0) return { meta, refusals: plan.refused };
  const after = buildMappingProperties(meta.languages, plan.fields);
  const properties = addedProperties(buildMappingProperties(meta.languages, declared), after);
  try {
    const limit = totalFieldsLimit(countMappedFields(after));
    if (limit > (await readFieldLimit(client, index))) {
      await esCall(index, () =>
        client.indices.putSettings({ index, settings: { index: { mapping: { total_fields: { limit } } } } }),
      );
    }
    // `_meta` is replaced whole. Two writers extending at once may each drop the other's keys from it; the
    // properties stay, and the next bulk needing those keys puts them again (unchanged, so accepted).
    await esCall(index, () =>
      client.indices.putMapping({
        index,
        properties,
        _meta: { languages: meta.languages, boosts: meta.boosts, fields: plan.fields },
      }),
    );
  } catch (error) {
    if (error instanceof SearchEngineError) throw error;
    const refused = new Map(plan.refused);
    for (const key of plan.added) refused.set(keyLabel(key), `the node refused to add it: ${errorReason(error)}`);
    return { meta, refusals: refused };
  }
  return { meta: { ...meta, fields: plan.fields }, refusals: plan.refused };
}
