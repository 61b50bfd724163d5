import { normaliseQuery } from '../search/analysis/normalise-query';
import { tokenize } from '../search/analysis/tokenize';
import type { QueryRule } from '../storefront-config/schemas';

/** A rule with what matching needs precomputed: its words (contains), its window in epoch ms. */
interface Prepared {
  rule: QueryRule;
  order: number;
  words: string[];
  from: number;
  until: number;
}

/** A rule's window in epoch ms: [from, until), open ends as -Infinity and Infinity. */
export function ruleWindow(rule: Pick<QueryRule, 'activeFrom' | 'activeUntil'>): { from: number; until: number } {
  return {
    from: rule.activeFrom === null ? -Infinity : Date.parse(rule.activeFrom),
    until: rule.activeUntil === null ? Infinity : Date.parse(rule.activeUntil),
  };
}

/**
 * The query rules of a config version, indexed for matching: exact rules by their normalised query, contains
 * rules by their phrase's first word, so a search costs a lookup per query word however many rules there are.
 */
export class RuleMatcher {
  private readonly exact = new Map<string, Prepared[]>();
  private readonly byFirstWord = new Map<string, Prepared[]>();
  private readonly boundaries: number[];

  constructor(rules: readonly QueryRule[]) {
    rules.forEach((rule, order) => {
      const prepared = { rule, order, words: tokenize(normaliseQuery(rule.query)), ...ruleWindow(rule) };
      const [first] = prepared.words;
      if (rule.match === 'exact') push(this.exact, normaliseQuery(rule.query), prepared);
      else if (first !== undefined) push(this.byFirstWord, first, prepared);
    });
    const edges = rules
      .flatMap((r) => [r.activeFrom, r.activeUntil])
      .filter((v): v is string => v !== null)
      .map(Date.parse);
    this.boundaries = [...new Set(edges)].sort((a, b) => a - b);
  }

  /** The rules that apply to `q` on the market at `now` (epoch ms), in the config's order. */
  matching(q: string, market: string, now: number): QueryRule[] {
    const normalised = normaliseQuery(q);
    if (normalised === '') return [];
    const found = [...(this.exact.get(normalised) ?? [])];
    const words = tokenize(normalised);
    words.forEach((word, i) => {
      for (const p of this.byFirstWord.get(word) ?? [])
        if (startsAt(words, i, p.words) && !found.includes(p)) found.push(p);
    });
    return found
      .filter((p) => now >= p.from && now < p.until && (p.rule.markets.length === 0 || p.rule.markets.includes(market)))
      .sort((a, b) => a.order - b.order)
      .map((p) => p.rule);
  }

  /**
   * How many rule windows have opened or closed by `now`: a number that changes exactly when what the rules do
   * may change, for keys of cached answers.
   */
  epoch(now: number): number {
    let [lo, hi] = [0, this.boundaries.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.boundaries[mid] as number) <= now) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first instant after `now` at which some rule starts or stops applying, or null: how long an answer may be kept. */
  nextChange(now: number): number | null {
    return this.boundaries[this.epoch(now)] ?? null;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function startsAt(words: readonly string[], at: number, phrase: readonly string[]): boolean {
  return phrase.every((word, k) => words[at + k] === word);
}
