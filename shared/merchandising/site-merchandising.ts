import type { SiteConfig } from '../storefront-config/schemas';
import { RuleMatcher } from './rule-matcher';
import { ruleEffects, type RuleEffects } from './rule-effects';
import { SynonymIndex } from './synonym-index';
import type { SynonymRewrite } from '../search/merchandising';

/**
 * A config version's merchandising: its query rules, matched per search, and its synonyms per language, each
 * language's index built on its first search (a large set costs some milliseconds of stemming once).
 */
export class SiteMerchandising {
  private readonly rules: RuleMatcher;
  private readonly synonymIndices = new Map<string, SynonymIndex>();

  constructor(private readonly config: Pick<SiteConfig, 'queryRules' | 'synonyms'>) {
    this.rules = new RuleMatcher(config.queryRules);
  }

  /** What the rules that apply to `q` on the market at `now` do. */
  effects(q: string, market: string, now: number): RuleEffects {
    return ruleEffects(this.rules.matching(q, market, now));
  }

  /** The synonym rewrites of `q` in the language (its own set, else its primary language's: "de-AT" uses "de"). */
  synonyms(q: string, language: string): SynonymRewrite[] {
    return q === '' ? [] : (this.synonymIndex(language)?.rewrite(q) ?? []);
  }

  /** When the rules next change what they do (epoch ms), or null. */
  nextChange(now: number): number | null {
    return this.rules.nextChange(now);
  }

  /** Changes exactly when a rule's window opens or closes (see RuleMatcher.epoch). */
  epoch(now: number): number {
    return this.rules.epoch(now);
  }

  private synonymIndex(language: string): SynonymIndex | null {
    const known = this.synonymIndices.get(language);
    if (known !== undefined) return known;
    const entries = this.config.synonyms[language] ?? this.config.synonyms[language.split('-')[0] ?? ''];
    if (entries === undefined || entries.length === 0) return null;
    const index = new SynonymIndex(language, entries);
    this.synonymIndices.set(language, index);
    return index;
  }
}
