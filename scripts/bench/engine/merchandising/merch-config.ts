import type { QueryRule, SynonymEntry } from '../../../../shared/storefront-config/schemas';
import { queryRuleSchema } from '../../../../shared/storefront-config/schemas';
import { MIX } from '../queries';

/** How much merchandising the bench publishes: the 1,000 synonym groups and 1,000 query rules. */
export const MERCH_SIZE = { synonymGroups: 1000, rules: 1000 } as const;

/**
 * 1,000 equivalent groups, among them groups for every word of the mix's texts (so Q2 and Q3 are rewritten),
 * the rest of made-up words no query uses (the set's size, which the lookup must not pay for).
 */
export function benchSynonyms(): SynonymEntry[] {
  const real: SynonymEntry[] = [
    { terms: [MIX.q2Text, 'merino'] },
    { terms: ['leather', 'suede'] },
    { terms: ['jacket', 'coat', 'anorak'] },
  ];
  const made = Array.from(
    { length: MERCH_SIZE.synonymGroups - real.length },
    (_, i): SynonymEntry => ({ terms: [`zq${i}alpha`, `zq${i}beta`, `zq${i} gamma`] }),
  );
  return [...real, ...made];
}

/**
 * 1,000 rules: for the mix's texts, an exact rule that pins two products and hides one (Q2), and a contains rule
 * that boosts one brand and buries another (Q3); the rest exact and contains rules on made-up queries.
 */
export function benchRules(productIds: readonly string[]): QueryRule[] {
  const [first = '1', second = '2', third = '3'] = productIds;
  const real = [
    {
      query: MIX.q2Text,
      pin: [
        { productId: first, position: 1 },
        { productId: second, position: 3 },
      ],
      hide: [third],
    },
    { query: 'jacket', match: 'contains', boost: { brand: [MIX.q3Brands[0]] }, bury: { brand: [MIX.q3Brands[2]] } },
  ];
  const made = Array.from({ length: MERCH_SIZE.rules - real.length }, (_, i) => ({
    query: `zq${i} rule`,
    match: i % 2 === 0 ? 'exact' : 'contains',
    pin: [{ productId: first, position: 1 + (i % 5) }],
  }));
  return [...real, ...made].map((rule, i) => queryRuleSchema.parse({ id: i + 1, ...rule }));
}
