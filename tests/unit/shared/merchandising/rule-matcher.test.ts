import type { z } from 'zod';
import { RuleMatcher } from '../../../../shared/merchandising/rule-matcher';
import { queryRuleSchema, type QueryRule } from '../../../../shared/storefront-config/schemas';

let nextId = 1;
/** A rule that hides one product (what it does does not matter to matching). */
function rule(query: string, extra: Partial<z.input<typeof queryRuleSchema>> = {}): QueryRule {
  return queryRuleSchema.parse({ id: nextId++, query, hide: ['1'], ...extra });
}

const NOW = Date.parse('2026-06-01T12:00:00Z');
const ids = (rules: readonly QueryRule[]) => rules.map((r) => r.id);
const matches = (rules: readonly QueryRule[], q: string, market = 'se', now = NOW) =>
  new RuleMatcher(rules).matching(q, market, now);

describe('RuleMatcher.matching', () => {
  describe('exact', () => {
    const gift = rule('Gift Card');

    it('matches the whole query', () => {
      expect(matches([gift], 'gift card')).toEqual([gift]);
    });

    it('compares after normaliseQuery: case, accents and runs of white space do not matter', () => {
      expect(matches([gift], 'GIFT CARD')).toEqual([gift]);
      expect(matches([gift], '  gift \t  card ')).toEqual([gift]);
      expect(matches([gift], 'gíft cärd')).toEqual([gift]);
      const rod = rule('Röd  Jacka');
      expect(matches([rod], 'rod jacka')).toEqual([rod]);
    });

    it('unifies compatibility forms (NFKC)', () => {
      expect(matches([gift], 'ｇｉｆｔ ｃａｒｄ')).toEqual([gift]);
    });

    it('does not match a query that only contains the rule query, or only part of it', () => {
      expect(matches([gift], 'gift card holder')).toEqual([]);
      expect(matches([gift], 'gift')).toEqual([]);
      expect(matches([gift], 'giftcard')).toEqual([]);
    });

    it('keeps punctuation: an exact rule is the normalised text, not its words', () => {
      const tee = rule('t-shirt');
      expect(matches([tee], 'T-Shirt')).toEqual([tee]);
      expect(matches([tee], 't shirt')).toEqual([]);
    });

    it('matches nothing for an empty or blank query', () => {
      expect(matches([gift, rule('card', { match: 'contains' })], '')).toEqual([]);
      expect(matches([gift, rule('card', { match: 'contains' })], '   ')).toEqual([]);
    });
  });

  describe('contains', () => {
    const card = rule('gift card', { match: 'contains' });

    it('matches the phrase anywhere in the query', () => {
      expect(matches([card], 'gift card')).toEqual([card]);
      expect(matches([card], 'gift card 50 euro')).toEqual([card]);
      expect(matches([card], 'christmas gift card')).toEqual([card]);
      expect(matches([card], 'a gift card for mum')).toEqual([card]);
    });

    it('matches whole words only, never part of a word', () => {
      expect(matches([card], 'gift cards')).toEqual([]);
      expect(matches([card], 'regift card')).toEqual([]);
      expect(matches([card], 'giftcard')).toEqual([]);
    });

    it('needs the words of the phrase next to each other, in order', () => {
      expect(matches([card], 'gift for card')).toEqual([]);
      expect(matches([card], 'card gift')).toEqual([]);
    });

    it('compares words after folding and splits on punctuation, on both sides', () => {
      expect(matches([card], 'GIFT-CARD!')).toEqual([card]);
      const jacka = rule('Röd Jacka', { match: 'contains' });
      expect(matches([jacka], 'lång rod jacka')).toEqual([jacka]);
    });

    it('matches once however often the phrase occurs', () => {
      expect(matches([card], 'gift card gift card')).toEqual([card]);
    });

    it('finds a phrase that starts on a later occurrence of its first word', () => {
      expect(matches([card], 'gift ideas gift card')).toEqual([card]);
    });

    it('matches a one-word phrase at any word', () => {
      const sale = rule('sale', { match: 'contains' });
      expect(matches([sale], 'summer sale shoes')).toEqual([sale]);
      expect(matches([sale], 'wholesale')).toEqual([]);
    });

    it('never matches a phrase without words', () => {
      expect(matches([rule('!!!', { match: 'contains' })], '!!! deal')).toEqual([]);
    });
  });

  describe('markets', () => {
    it('applies a rule without markets in every market', () => {
      const everywhere = rule('boots');
      expect(matches([everywhere], 'boots', 'se')).toEqual([everywhere]);
      expect(matches([everywhere], 'boots', 'anything')).toEqual([everywhere]);
    });

    it('applies a rule with markets only in those markets', () => {
      const nordic = rule('boots', { markets: ['se', 'no'] });
      expect(matches([nordic], 'boots', 'se')).toEqual([nordic]);
      expect(matches([nordic], 'boots', 'no')).toEqual([nordic]);
      expect(matches([nordic], 'boots', 'de')).toEqual([]);
    });

    it('filters contains rules by market too', () => {
      const nordic = rule('boots', { match: 'contains', markets: ['se'] });
      expect(matches([nordic], 'red boots', 'se')).toEqual([nordic]);
      expect(matches([nordic], 'red boots', 'de')).toEqual([]);
    });
  });

  describe('time window', () => {
    const from = '2026-06-01T00:00:00Z';
    const until = '2026-06-08T00:00:00Z';
    const summer = rule('boots', { activeFrom: from, activeUntil: until });

    it('applies from activeFrom inclusive', () => {
      expect(matches([summer], 'boots', 'se', Date.parse(from) - 1)).toEqual([]);
      expect(matches([summer], 'boots', 'se', Date.parse(from))).toEqual([summer]);
    });

    it('stops at activeUntil exclusive', () => {
      expect(matches([summer], 'boots', 'se', Date.parse(until) - 1)).toEqual([summer]);
      expect(matches([summer], 'boots', 'se', Date.parse(until))).toEqual([]);
    });

    it('leaves a window open on the side without an instant', () => {
      const fromOnly = rule('boots', { activeFrom: from });
      const untilOnly = rule('boots', { activeUntil: until });
      expect(ids(matches([fromOnly, untilOnly], 'boots', 'se', Date.parse(from) - 1))).toEqual([untilOnly.id]);
      expect(ids(matches([fromOnly, untilOnly], 'boots', 'se', Date.parse(until)))).toEqual([fromOnly.id]);
      expect(ids(matches([fromOnly, untilOnly], 'boots', 'se', Date.parse(from)))).toEqual([fromOnly.id, untilOnly.id]);
    });

    it('reads instants with an offset', () => {
      const offset = rule('boots', { activeFrom: '2026-06-01T02:00:00+02:00' });
      expect(matches([offset], 'boots', 'se', Date.parse('2026-06-01T00:00:00Z') - 1)).toEqual([]);
      expect(matches([offset], 'boots', 'se', Date.parse('2026-06-01T00:00:00Z'))).toEqual([offset]);
    });
  });

  it('returns the matching rules in the config order, exact and contains mixed', () => {
    const c1 = rule('boots', { match: 'contains' });
    const e2 = rule('red boots');
    const c3 = rule('red', { match: 'contains' });
    const e4 = rule('red boots', { markets: ['se'] });
    const other = rule('shoes');
    expect(matches([c1, e2, c3, e4, other], 'Red Boots')).toEqual([c1, e2, c3, e4]);
    expect(matches([e4, c3, other, e2, c1], 'red boots')).toEqual([e4, c3, e2, c1]);
  });

  it('matches nothing without rules', () => {
    expect(matches([], 'boots')).toEqual([]);
  });
});

describe('RuleMatcher.epoch and nextChange', () => {
  const t = (iso: string) => Date.parse(iso);
  const A = '2026-06-01T00:00:00Z';
  const B = '2026-06-05T00:00:00Z';
  const C = '2026-06-10T00:00:00Z';
  const matcher = new RuleMatcher([
    rule('boots', { activeFrom: A, activeUntil: C }),
    rule('shoes', { activeFrom: B }),
    // The same instant twice counts once.
    rule('socks', { activeUntil: B }),
    rule('always'),
  ]);

  it('counts the window edges at or before now', () => {
    expect(matcher.epoch(t(A) - 1)).toBe(0);
    expect(matcher.epoch(t(A))).toBe(1);
    expect(matcher.epoch(t(A) + 1)).toBe(1);
    expect(matcher.epoch(t(B) - 1)).toBe(1);
    expect(matcher.epoch(t(B))).toBe(2);
    expect(matcher.epoch(t(C) - 1)).toBe(2);
    expect(matcher.epoch(t(C))).toBe(3);
    expect(matcher.epoch(t(C) + 86_400_000)).toBe(3);
  });

  it('changes exactly at the instants where what matches changes', () => {
    const at = (now: number) => ids(matcher.matching('boots', 'se', now));
    expect(at(t(A) - 1)).toEqual([]);
    expect(matcher.epoch(t(A) - 1)).not.toBe(matcher.epoch(t(A)));
    expect(at(t(A))).not.toEqual(at(t(A) - 1));
    expect(at(t(C))).not.toEqual(at(t(C) - 1));
    expect(matcher.epoch(t(C) - 1)).not.toBe(matcher.epoch(t(C)));
  });

  it('gives the first edge strictly after now as the next change', () => {
    expect(matcher.nextChange(t(A) - 1)).toBe(t(A));
    expect(matcher.nextChange(t(A))).toBe(t(B));
    expect(matcher.nextChange(t(B) - 1)).toBe(t(B));
    expect(matcher.nextChange(t(B))).toBe(t(C));
    expect(matcher.nextChange(t(C) - 1)).toBe(t(C));
  });

  it('has no next change after the last edge', () => {
    expect(matcher.nextChange(t(C))).toBeNull();
    expect(matcher.nextChange(t(C) + 1)).toBeNull();
  });

  it('is always epoch 0 with no next change when no rule has a window', () => {
    const open = new RuleMatcher([rule('boots'), rule('shoes', { match: 'contains' })]);
    for (const now of [0, NOW, Number.MAX_SAFE_INTEGER]) {
      expect(open.epoch(now)).toBe(0);
      expect(open.nextChange(now)).toBeNull();
    }
    expect(new RuleMatcher([]).epoch(NOW)).toBe(0);
    expect(new RuleMatcher([]).nextChange(NOW)).toBeNull();
  });

  it('orders edges by time whatever the order of the rules', () => {
    const reversed = new RuleMatcher([rule('x', { activeFrom: C }), rule('y', { activeFrom: A, activeUntil: B })]);
    expect(reversed.nextChange(t(A) - 1)).toBe(t(A));
    expect(reversed.nextChange(t(A))).toBe(t(B));
    expect(reversed.nextChange(t(B))).toBe(t(C));
    expect(reversed.epoch(t(B))).toBe(2);
  });
});
