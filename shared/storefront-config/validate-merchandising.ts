import { ruleWindow } from '../merchandising/rule-matcher';
import { MAX_SYNONYM_WORDS } from '../merchandising/synonym-index';
import { normaliseQuery } from '../search/analysis/normalise-query';
import { tokenize } from '../search/analysis/tokenize';
import { isInverted, parseRangeValue } from '../listing/range-value';
import {
  isFacetKey,
  MAX_SYNONYMS_PER_SITE,
  RESERVED_FACET_KEYS,
  type PinDef,
  type QueryRule,
  type SiteConfig,
  type SynonymEntry,
} from './schemas';
import type { ConfigIssue } from './validate-config';

type At = (field: string, message: string) => void;

/** Pins and hides of a rule or collection: a product pinned twice, or both pinned and hidden. */
export function pinHideIssues(pin: readonly PinDef[], hide: readonly string[], at: At): void {
  const seen = new Set<string>();
  pin.forEach((p, k) => {
    if (seen.has(p.productId)) at(`pin[${k}].productId`, `product ${p.productId} is pinned twice`);
    if (hide.includes(p.productId)) at(`pin[${k}].productId`, `product ${p.productId} is both pinned and hidden`);
    seen.add(p.productId);
  });
}

/** Why a value of a built-in facet cannot filter (a price range, the in-stock toggle), or null when it can. */
function builtInValueProblem(key: string, value: string): string | null {
  if (key === 'in-stock') return value === 'true' || value === 'false' ? null : 'in-stock takes "true" or "false"';
  if (key !== 'price') return null;
  const range = parseRangeValue(value);
  if (range === null || ![range.min, range.max].every((n) => n === null || Number.isFinite(n)))
    return `"${value}" is not a price range such as "10-50", "10-" or "-50"`;
  return isInverted(range) ? `"${value}" has its lower bound above its upper bound` : null;
}

/**
 * A filter (facet key to values) naming only facets of the site, each with values it can filter by; `facetKeys`
 * null means the default facets (not known here, so only the key's form is checked). A filter the storefront
 * would ignore at serving time is refused here, where the admin can still fix it.
 */
export function filterKeyIssues(
  filter: Record<string, string[]>,
  facetKeys: ReadonlySet<string> | null,
  at: At,
  field: string,
): void {
  for (const [key, values] of Object.entries(filter)) {
    const builtIn = RESERVED_FACET_KEYS.includes(key);
    if (!builtIn && !isFacetKey(key)) at(`${field}.${key}`, `"${key}" is not a facet key`);
    else if (!builtIn && facetKeys !== null && !facetKeys.has(key))
      at(`${field}.${key}`, `"${key}" is not a facet of this site`);
    else if (values.length === 0) at(`${field}.${key}`, 'needs at least one value');
    else
      values.forEach((value, k) => {
        const problem = builtInValueProblem(key, value);
        if (problem !== null) at(`${field}.${key}[${k}]`, problem);
      });
  }
}

/** A rule's query as RuleMatcher compares it: the normalised text (exact), or its words (contains: "Gift-Card" is "gift card"). */
const matchedQuery = (rule: QueryRule) =>
  rule.match === 'exact' ? normaliseQuery(rule.query) : tokenize(normaliseQuery(rule.query)).join(' ');

/** Whether two rules could both redirect one search: same query and match kind, shared markets, overlapping windows. */
function redirectsClash(a: QueryRule, b: QueryRule): boolean {
  if (a.target === null || b.target === null || a.match !== b.match || matchedQuery(a) !== matchedQuery(b))
    return false;
  const markets = a.markets.length === 0 || b.markets.length === 0 || a.markets.some((m) => b.markets.includes(m));
  const [wa, wb] = [ruleWindow(a), ruleWindow(b)];
  return markets && wa.from < wb.until && wb.from < wa.until;
}

function ruleIssues(rule: QueryRule, config: SiteConfig, facetKeys: ReadonlySet<string> | null, at: At): void {
  const { target } = rule;
  if (target?.kind === 'collection' && !config.collections.some((c) => c.id === target.collectionId)) {
    at('target.collectionId', `collection ${target.collectionId} does not exist`);
  }
  const acts =
    target !== null ||
    rule.pin.length > 0 ||
    rule.hide.length > 0 ||
    rule.boost !== null ||
    rule.bury !== null ||
    rule.filter !== null;
  if (!acts) at('query', 'the rule does nothing: give it a target (redirect), pin, hide, boost, bury or filter');
  if (tokenize(normaliseQuery(rule.query)).length === 0) at('query', 'needs at least one letter or digit');
  rule.markets.forEach((code, k) => {
    if (!config.markets.some((m) => m.code === code)) at(`markets[${k}]`, `market "${code}" does not exist`);
  });
  const window = ruleWindow(rule);
  if (window.from >= window.until) at('activeUntil', 'must be after activeFrom');
  pinHideIssues(rule.pin, rule.hide, at);
  for (const action of ['boost', 'bury', 'filter'] as const) {
    const filter = rule[action];
    if (filter === null) continue;
    if (Object.keys(filter).length === 0) at(action, 'needs at least one facet');
    filterKeyIssues(filter, facetKeys, at, action);
  }
}

/** The query rules' cross-field rules: ids, redirect clashes, targets, markets, windows, pins and filters. */
export function queryRuleIssues(config: SiteConfig, facetKeys: ReadonlySet<string> | null): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const seen = new Set<number>();
  config.queryRules.forEach((rule, i) => {
    const at: At = (field, message) => issues.push({ field: `queryRules[${i}].${field}`, message });
    if (seen.has(rule.id)) at('id', 'duplicate rule id');
    seen.add(rule.id);
    if (config.queryRules.slice(0, i).some((other) => redirectsClash(other, rule)))
      at('query', 'another rule has this query and redirects it in the same markets and time');
    ruleIssues(rule, config, facetKeys, at);
  });
  return issues;
}

/** One synonym entry's terms: each one to MAX_SYNONYM_WORDS words, none repeated in the entry. */
export function synonymEntryIssues(entry: SynonymEntry, field: string): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const terms =
    'terms' in entry
      ? entry.terms.map((t, k) => ({ t, at: `terms[${k}]` }))
      : [{ t: entry.from, at: 'from' }, ...entry.to.map((t, k) => ({ t, at: `to[${k}]` }))];
  const seen = new Set<string>();
  for (const { t, at } of terms) {
    const issue = (message: string) => issues.push({ field: `${field}.${at}`, message });
    const words = tokenize(normaliseQuery(t)).join(' ');
    if (words === '') issue('needs at least one letter or digit');
    else if (words.split(' ').length > MAX_SYNONYM_WORDS) issue(`at most ${MAX_SYNONYM_WORDS} words`);
    else if (seen.has(words)) issue(`"${t}" is already in this entry`);
    seen.add(words);
  }
  return issues;
}

/** Synonym entries: the site's total over every language, and each entry's terms. */
export function synonymIssues(synonyms: SiteConfig['synonyms']): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const total = Object.values(synonyms).reduce((sum, entries) => sum + entries.length, 0);
  if (total > MAX_SYNONYMS_PER_SITE)
    issues.push({
      field: 'synonyms',
      message: `at most ${MAX_SYNONYMS_PER_SITE} entries per site over every language, found ${total}`,
    });
  for (const [language, entries] of Object.entries(synonyms)) {
    entries.forEach((entry, i) => {
      issues.push(...synonymEntryIssues(entry, `synonyms.${language}[${i}]`));
    });
  }
  return issues;
}
