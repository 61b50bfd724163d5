import type { Pin } from '../search/merchandising';
import type { PinDef, QueryRule } from '../storefront-config/schemas';

/** A filter in the listing grammar as configuration writes it: facet key to values. */
export type FilterMap = Record<string, string[]>;

/** What the rules that apply to a search do to it, combined. */
export interface RuleEffects {
  /** The first rule's redirect, if any rule has one. */
  redirect: QueryRule['target'];
  pins: Pin[];
  hide: string[];
  boost: FilterMap[];
  bury: FilterMap[];
  /** Facet key to values, applied as the shopper's choice; the first rule to filter a facet decides it. */
  filter: Map<string, string[]>;
}

export const NO_EFFECTS: RuleEffects = { redirect: null, pins: [], hide: [], boost: [], bury: [], filter: new Map() };

/** Engine pins from configured ones; a product pinned twice keeps its first place. */
export function enginePins(defs: readonly PinDef[], into: Pin[] = []): Pin[] {
  for (const def of defs)
    if (!into.some((p) => p.id === def.productId)) into.push({ id: def.productId, position: def.position });
  return into;
}

/**
 * The combined effects of the rules in order: every pin, hide, boost and bury applies (a product pinned by
 * two rules takes the first one's position); the first redirect and the first filter of each facet win. Pure.
 */
export function ruleEffects(rules: readonly QueryRule[]): RuleEffects {
  if (rules.length === 0) return NO_EFFECTS;
  const effects: RuleEffects = { redirect: null, pins: [], hide: [], boost: [], bury: [], filter: new Map() };
  for (const rule of rules) {
    effects.redirect ??= rule.target;
    enginePins(rule.pin, effects.pins);
    for (const id of rule.hide) if (!effects.hide.includes(id)) effects.hide.push(id);
    if (rule.boost !== null) effects.boost.push(rule.boost);
    if (rule.bury !== null) effects.bury.push(rule.bury);
    for (const [key, values] of Object.entries(rule.filter ?? {}))
      if (!effects.filter.has(key)) effects.filter.set(key, values);
  }
  return effects;
}
