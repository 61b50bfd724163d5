import type { Collection, Facet, FacetDefinition, SiteConfig } from './schemas';
import { RESERVED_FACET_KEYS } from './schemas';
import { slugify } from './slugs/slugify';
import { filterKeyIssues, pinHideIssues, queryRuleIssues, synonymIssues } from './validate-merchandising';

/** One broken rule: the dotted path of the field, and what is wrong with it. */
export interface ConfigIssue {
  field: string;
  message: string;
}

/** What the rules that reach beyond the config itself need to know about the tenant. */
export interface TenantConfigFacts {
  /** Price list id -> its currency. */
  priceLists: Map<number, string>;
  categoryIds: Set<number>;
  /** Codes of the tenant's other sites (a code names the index, so it is unique per tenant). */
  otherSiteCodes: Set<string>;
}

// Which facet types each source can feed; see docs/decisions.md, "Facet definitions".
const TYPES_BY_SOURCE: Record<FacetDefinition['source']['kind'], readonly FacetDefinition['type'][]> = {
  brand: ['list'],
  option: ['list', 'swatch'],
  attribute: ['list', 'swatch', 'range', 'toggle'],
  category: ['hierarchy', 'list'],
};

function duplicates<T>(items: readonly T[], key: (item: T) => string | number): Set<number> {
  const seen = new Map<string | number, number>();
  const repeated = new Set<number>();
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) repeated.add(i);
    else seen.set(k, i);
  });
  return repeated;
}

function facetIssues(facet: Facet, i: number, facts: TenantConfigFacts): ConfigIssue[] {
  const at = (field: string, message: string) => ({ field: `facets[${i}].${field}`, message });
  const { definition: d } = facet;
  const issues: ConfigIssue[] = [];
  if (RESERVED_FACET_KEYS.includes(facet.key))
    issues.push(at('key', `"${facet.key}" is reserved for the built-in facet`));
  if (!TYPES_BY_SOURCE[d.source.kind].includes(d.type)) {
    issues.push(
      at(
        'definition.type',
        `a ${d.source.kind} source can feed ${TYPES_BY_SOURCE[d.source.kind].join(' or ')} facets, not ${d.type}`,
      ),
    );
  }
  if (d.searchable && d.type !== 'list' && d.type !== 'swatch')
    issues.push(at('definition.searchable', 'only list and swatch facets can be searchable'));
  if (d.range !== null && d.type !== 'range')
    issues.push(at('definition.range', 'only a range facet takes unit and step'));
  if (Object.keys(d.swatches).length > 0 && d.type !== 'swatch')
    issues.push(at('definition.swatches', 'only a swatch facet takes swatches'));
  if ((d.type === 'range' || d.type === 'toggle') && d.match !== 'any')
    issues.push(at('definition.match', `a ${d.type} facet has no match mode`));
  if (d.source.kind === 'category' && d.source.rootId !== null && !facts.categoryIds.has(d.source.rootId)) {
    issues.push(at('definition.source.rootId', `category ${d.source.rootId} does not exist`));
  }
  return issues;
}

function collectionIssues(collections: readonly Collection[], facetKeys: Set<string> | null): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const ids = new Set(collections.map((c) => c.id));
  for (const i of duplicates(collections, (c) => c.id))
    issues.push({ field: `collections[${i}].id`, message: 'duplicate collection id' });
  issues.push(...sharedSlugIssues(collections));
  const parents = new Map(collections.map((c) => [c.id, c.parentId]));
  collections.forEach((c, i) => {
    const at = (field: string, message: string) => issues.push({ field: `collections[${i}].${field}`, message });
    if (Object.keys(c.names).length === 0) at('names', 'needs a name in at least one language');
    if (Object.keys(c.slugs).length === 0) at('slugs', 'needs a slug in at least one language');
    if (c.parentId !== null && !ids.has(c.parentId)) at('parentId', `collection ${c.parentId} does not exist`);
    if (c.parentId !== null && hasCycle(c.id, parents)) at('parentId', 'a collection cannot be its own ancestor');
    const { all, ...filter } = c.filter;
    // An empty filter would list everything unasked (a `__proto__` key, never copied by the parser, leaves one).
    if (Object.keys(c.filter).length === 0) at('filter', 'needs at least one facet, or {"all": []} for every product');
    if (all !== undefined && all.length > 0) at('filter.all', 'the key "all" takes an empty list');
    filterKeyIssues(filter, facetKeys, at, 'filter');
    pinHideIssues(c.pin, c.hide, at);
  });
  return issues;
}

/**
 * Two collections whose slugs in one language slugify alike would be minted `base` and `base-2`, and a shopper
 * could not tell which one the merchant meant: the second (and any later one) is refused, naming the first.
 */
function sharedSlugIssues(collections: readonly Collection[]): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const first = new Map<string, number>();
  collections.forEach((c, i) => {
    for (const [language, text] of Object.entries(c.slugs)) {
      const key = `${language}\u0000${slugify(text)}`;
      const owner = first.get(key);
      if (owner === undefined) first.set(key, i);
      // A repeated id is its own issue.
      else if (collections[owner]?.id !== c.id)
        issues.push({
          field: `collections[${i}].slugs.${language}`,
          message: `collection ${collections[owner]?.id} already has the slug "${slugify(text)}" in ${language}`,
        });
    }
  });
  return issues;
}

function hasCycle(start: number, parents: Map<number, number | null>): boolean {
  const seen = new Set<number>();
  for (let id: number | null | undefined = parents.get(start); id !== null && id !== undefined; id = parents.get(id)) {
    if (id === start) return true;
    // A loop above that does not pass through `start`: its own members report it.
    if (seen.has(id)) return false;
    seen.add(id);
  }
  return false;
}

function marketIssues(config: SiteConfig, facts: TenantConfigFacts): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const i of duplicates(config.markets, (m) => m.code))
    issues.push({ field: `markets[${i}].code`, message: 'duplicate market code' });
  const defaults = config.markets.filter((m) => m.isDefault).length;
  if (config.markets.length > 0 && defaults !== 1)
    issues.push({ field: 'markets', message: `exactly one market must be the default, found ${defaults}` });
  // Every market may be off (the shop answers SITE_INACTIVE); otherwise the default must be one that is on.
  const anyActive = config.markets.some((m) => m.active);
  config.markets.forEach((m, i) => {
    if (anyActive && m.isDefault && !m.active)
      issues.push({
        field: `markets[${i}].active`,
        message: 'the default market cannot be inactive while others are active',
      });
  });
  config.markets.forEach((m, i) => {
    const currency = facts.priceLists.get(m.priceListId);
    if (currency === undefined)
      issues.push({ field: `markets[${i}].priceListId`, message: `price list ${m.priceListId} does not exist` });
    else if (currency !== m.currency)
      issues.push({
        field: `markets[${i}].currency`,
        message: `price list ${m.priceListId} is in ${currency}, not ${m.currency}`,
      });
  });
  return issues;
}

/** Every rule that spans fields or entities (the zod schemas check each field alone); empty when valid. */
export function validateSiteConfig(config: SiteConfig, facts: TenantConfigFacts): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (facts.otherSiteCodes.has(config.site.code))
    issues.push({ field: 'site.code', message: `another site of this tenant has the code "${config.site.code}"` });
  config.site.assortment.categoryRootIds.forEach((id, i) => {
    if (!facts.categoryIds.has(id))
      issues.push({ field: `site.assortment.categoryRootIds[${i}]`, message: `category ${id} does not exist` });
  });
  issues.push(...marketIssues(config, facts));
  for (const i of duplicates(config.facets, (f) => f.key))
    issues.push({ field: `facets[${i}].key`, message: 'duplicate facet key' });
  config.facets.forEach((facet, i) => {
    issues.push(...facetIssues(facet, i, facts));
  });
  const facetKeys = config.facets.length > 0 ? new Set(config.facets.map((f) => f.key)) : null;
  issues.push(
    ...collectionIssues(config.collections, facetKeys),
    ...queryRuleIssues(config, facetKeys),
    ...synonymIssues(config.synonyms),
  );
  for (const i of duplicates(config.content.attributes ?? [], (a) => a.key))
    issues.push({ field: `content.attributes[${i}].key`, message: 'another shown attribute has this key' });
  return issues;
}
