// @ts-check
// The draft diff in a shop admin's words: which part of the configuration a change is in, which market, facet,
// collection, rule or synonym set it touches, which field, and its values as short text (never raw JSON when a
// sentence reads better).

/**
 * One difference publish would make, as GET /draft-diff answers it (StorefrontConfigChangeDto): `path` is the part,
 * the entity's key or id, and the field (`markets.se.currency`, `facets.brand`, `site.name`, `synonyms.sv`).
 * @typedef {{ op: 'add', path: string, after: unknown }
 *   | { op: 'change', path: string, before: unknown, after: unknown }
 *   | { op: 'remove', path: string, before: unknown }} ConfigChange
 */

/** The parts of a site's configuration, in the order the page lists them. */
export const PARTS = /** @type {const} */ ([
  { key: 'site', label: 'Site settings', one: 'Site' },
  { key: 'markets', label: 'Markets', one: 'Market' },
  { key: 'facets', label: 'Facets', one: 'Facet' },
  { key: 'collections', label: 'Collections', one: 'Collection' },
  { key: 'queryRules', label: 'Query rules', one: 'Query rule' },
  { key: 'synonyms', label: 'Synonyms', one: 'Synonyms' },
  { key: 'content', label: 'Product content', one: 'Content' },
]);

/** @typedef {(typeof PARTS)[number]['key']} PartKey */

/** Field names as the configuration forms call them; a field not listed keeps its own name. */
const FIELD_LABELS = /** @type {Record<string, string>} */ ({
  code: 'Code',
  name: 'Name',
  ecomSiteId: 'Business system site',
  active: 'Active',
  devOrigins: 'Development origins',
  assortment: 'Assortment',
  categoryRootIds: 'Category roots',
  excludeInactive: 'Leave out inactive products',
  urlPatterns: 'URL patterns',
  product: 'Product pages',
  collection: 'Collection pages',
  language: 'Language',
  currency: 'Currency',
  country: 'Country',
  urlTemplate: 'URL template',
  priceListId: 'Price list',
  isDefault: 'Default market',
  brandUrlPattern: 'Brand pages',
  definition: 'Definition',
  source: 'Source',
  type: 'Type',
  match: 'Match',
  label: 'Label',
  help: 'Help text',
  collapsed: 'Collapsed',
  searchable: 'Searchable',
  size: 'Values shown',
  position: 'Position',
  range: 'Range',
  swatches: 'Swatches',
  slugs: 'Slugs',
  names: 'Names',
  filter: 'Filter',
  parentId: 'Parent collection',
  pin: 'Pinned products',
  hide: 'Hidden products',
  query: 'Query',
  markets: 'Markets',
  activeFrom: 'Active from',
  activeUntil: 'Active until',
  target: 'Redirect',
  boost: 'Boosted',
  bury: 'Buried',
  shortDescription: 'Short description',
  description: 'Description',
  attributes: 'Attributes shown',
  property: 'Property',
  attribute: 'Attribute',
});

/** @param {string} name a field's name, or a dotted path of names (`definition.label`) */
export const fieldLabel = (name) =>
  name
    .split('.')
    .map((n) => FIELD_LABELS[n] ?? n)
    .join(' › ');

const languages = new Intl.DisplayNames('en', { type: 'language' });

/** "Swedish (sv)"; a code the browser cannot name stays a code. @param {string} code */
export function languageName(code) {
  try {
    const name = languages.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/**
 * Where a change is: its part, the entity's key (none for site and content fields; synonyms' language is the key), and
 * the field.
 * @param {string} path
 * @returns {{ part: PartKey, key: string | null, field: string | null }}
 */
export function locate(path) {
  const [part = '', ...rest] = path.split('.');
  const known = PARTS.find((p) => p.key === part)?.key ?? 'site';
  // Site settings and the content block are one object each: a change names only its field.
  if (known === 'site' || known === 'content') return { part: known, key: null, field: rest.join('.') || null };
  return { part: known, key: rest[0] ?? null, field: rest.slice(1).join('.') || null };
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
export const isPlainObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** @param {Record<string, unknown>} map per-language texts, as `label`, `names` and `slugs` hold them */
const firstText = (map) => Object.values(map).find((v) => typeof v === 'string');

/**
 * What a reader calls an entity: a market by its code and language, a facet by its key and label, a collection by
 * its name, a query rule by its query. `entity` is the entity itself when the change carries it (added or removed),
 * else the draft's copy.
 * @param {PartKey} part
 * @param {string} key
 * @param {Record<string, unknown> | undefined} entity
 */
export function entityName(part, key, entity) {
  if (part === 'synonyms') return languageName(key);
  if (part === 'markets')
    return entity && typeof entity.currency === 'string' ? `${key} (${entity.language}, ${entity.currency})` : key;
  if (part === 'facets') {
    const definition = entity && isPlainObject(entity.definition) ? entity.definition : undefined;
    const label = definition && isPlainObject(definition.label) ? firstText(definition.label) : undefined;
    return label ? `${key} (${label})` : key;
  }
  if (part === 'collections') {
    const name = entity && isPlainObject(entity.names) ? firstText(entity.names) : undefined;
    return name ? `${name} (id ${key})` : `id ${key}`;
  }
  if (part === 'queryRules')
    return entity && typeof entity.query === 'string' ? `“${entity.query}” (id ${key})` : `id ${key}`;
  return key;
}

/** A synonym entry as it reads: `a = b = c` (equivalent) or `a → b, c` (one way). @param {Record<string, unknown>} entry */
function synonymText(entry) {
  if (Array.isArray(entry.terms)) return entry.terms.join(' = ');
  if (typeof entry.from === 'string' && Array.isArray(entry.to)) return `${entry.from} → ${entry.to.join(', ')}`;
  return undefined;
}

/** @param {Record<string, unknown>} pin */
const pinText = (pin) =>
  pin.productId !== undefined && typeof pin.position === 'number'
    ? `product ${pin.productId} at ${pin.position}`
    : undefined;

/**
 * A value as one line of text: none, yes/no, lists joined by commas, per-language texts and filters as
 * `key: value` pairs, synonym entries and pins in words; anything else as compact JSON.
 * @param {unknown} value
 * @returns {string}
 */
export function valueText(value) {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return value
      .map((item) => (isPlainObject(item) ? (synonymText(item) ?? pinText(item) ?? valueText(item)) : valueText(item)))
      .join(', ');
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return 'none';
    const synonym = synonymText(value);
    if (synonym) return synonym;
    if (value.kind === 'url' && typeof value.url === 'string') return value.url;
    if (value.kind === 'collection') return `collection ${value.collectionId}`;
    if (typeof value.kind === 'string')
      return entries
        .filter(([k]) => k !== 'kind')
        .reduce((text, [k, v]) => `${text}, ${fieldLabel(k).toLowerCase()} ${valueText(v)}`, String(value.kind));
    return entries.map(([k, v]) => `${k}: ${valueText(v)}`).join('; ');
  }
  return JSON.stringify(value);
}

/** @param {unknown} value */
const isEmpty = (value) =>
  value === null ||
  value === undefined ||
  (Array.isArray(value) && value.length === 0) ||
  (isPlainObject(value) && Object.keys(value).length === 0);

/**
 * The fields of a whole entity worth listing when it is added or removed (its key is already in its name).
 * @param {PartKey} part
 * @param {unknown} entity
 * @returns {[string, string][]} label and value of each field
 */
export function entityFields(part, entity) {
  if (part === 'synonyms' || !isPlainObject(entity)) return [['', valueText(entity)]];
  const skip = new Set(['id', 'code', 'key']);
  /** @type {[string, unknown][]} */
  const fields = Object.entries(entity).flatMap(([name, value]) =>
    part === 'facets' && name === 'definition' && isPlainObject(value) ? Object.entries(value) : [[name, value]],
  );
  // Empty fields (no pins, no time window, no help text) say nothing about what is added: they are left out.
  return fields
    .filter(([name, value]) => !skip.has(name) && !isEmpty(value))
    .map(([name, value]) => [fieldLabel(name), valueText(value)]);
}

/**
 * A change of one field whose values are both objects, split into the sub-fields that differ (a facet's
 * `definition` becomes `definition.label`, `definition.size`), so a reader sees what moved, not two whole objects.
 * @param {string} field
 * @param {unknown} before
 * @param {unknown} after
 * @returns {{ field: string, before: unknown, after: unknown }[]}
 */
export function splitFieldChange(field, before, after) {
  if (!isPlainObject(before) || !isPlainObject(after) || typeof before.kind === 'string')
    return [{ field, before, after }];
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const parts = [...names]
    .filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]))
    .flatMap((name) => splitFieldChange(`${field}.${name}`, before[name], after[name]));
  // Objects that differ only in key order compare equal here: the change is still shown, whole.
  return parts.length > 0 ? parts : [{ field, before, after }];
}
