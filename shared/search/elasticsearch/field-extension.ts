import type { estypes } from '@elastic/elasticsearch';
import type { BulkOperation } from '../bulk';
import { SearchEngineError } from '../errors';
import type { IndexFields } from '../index-settings';
import { groupOf, keyLabel, undeclaredKeys, type UndeclaredKey } from './document-fields';
import { buildMappingProperties } from './index-mapping';

type Properties = Record<string, estypes.MappingProperty>;

/** Why keys could not be added to a live mapping, by keyLabel (`facet key "size.eu"`). */
export type FieldRefusals = ReadonlyMap<string, string>;

/** How a live index's fields grow to take a bulk call's documents. */
export interface FieldExtension {
  /** The declared fields plus every key that maps beside them. */
  fields: IndexFields;
  /** The keys added, in the order first met. */
  added: UndeclaredKey[];
  /** Keys that cannot be mapped beside the existing ones (a leaf where an object is, or under a leaf). */
  refused: Map<string, string>;
}

/** The keys the indexed documents use that `declared` lacks, each once, in the order first met. Pure. */
export function wantedKeys(operations: readonly BulkOperation[], declared: IndexFields): UndeclaredKey[] {
  const seen = new Map<string, UndeclaredKey>();
  for (const operation of operations) {
    if (operation.action !== 'index') continue;
    for (const wanted of undeclaredKeys(operation.document, declared)) seen.set(keyLabel(wanted), wanted);
  }
  return [...seen.values()];
}

function withKey(fields: IndexFields, { kind, key }: UndeclaredKey): IndexFields {
  const group = groupOf(kind);
  return { ...fields, [group]: [...fields[group], key] };
}

/**
 * Adds the wanted keys one at a time, keeping each that the mapping generator can place beside the declared
 * ones and those added before it; a key it cannot place (Elasticsearch cannot turn a leaf into an object or
 * back in a live index) is refused with the reason. Pure.
 */
export function planFieldExtension(
  languages: readonly string[],
  declared: IndexFields,
  wanted: readonly UndeclaredKey[],
): FieldExtension {
  const plan: FieldExtension = { fields: declared, added: [], refused: new Map() };
  for (const key of wanted) {
    const candidate = withKey(plan.fields, key);
    try {
      buildMappingProperties(languages, candidate);
    } catch (error) {
      if (!(error instanceof SearchEngineError)) throw error;
      plan.refused.set(keyLabel(key), error.message);
      continue;
    }
    plan.fields = candidate;
    plan.added.push(key);
  }
  return plan;
}

/**
 * The part of `after` that `before` lacks, as a put-mapping `properties` body: new fields whole, and objects
 * that gained fields with only those (a put-mapping merges objects, and must not restate existing leaves).
 * https://www.elastic.co/guide/en/elasticsearch/reference/8.18/indices-put-mapping.html#add-new-field-to-object Pure.
 */
export function addedProperties(before: Readonly<Properties>, after: Readonly<Properties>): Properties {
  const added: Properties = {};
  for (const [name, property] of Object.entries(after)) {
    const existing = before[name];
    if (existing === undefined) {
      added[name] = property;
      continue;
    }
    const inner = 'properties' in property && property.properties !== undefined ? property.properties : null;
    const existingInner = 'properties' in existing && existing.properties !== undefined ? existing.properties : null;
    if (inner === null || existingInner === null) continue;
    const nested = addedProperties(existingInner, inner);
    if (Object.keys(nested).length > 0) added[name] = { type: 'object', properties: nested };
  }
  return added;
}
