import type { z } from 'zod';
import type { SiteCatalogue } from '../../../../../services/storefront-api/catalogue/site-catalogue';
import { cacheControl } from '../../../../../services/storefront-api/http/cached-json';
import type { SiteContext } from '../../../../../services/storefront-api/keys/site-context';
import { SiteMerchandising } from '../../../../../shared/merchandising/site-merchandising';
import { queryRuleSchema } from '../../../../../shared/storefront-config/schemas';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const DEFAULT = 'public, max-age=60, stale-while-revalidate=300';

/** What cacheControl reads of a site context: preview, and the catalogue's merchandising. */
function ctx(rules: z.input<typeof queryRuleSchema>[], preview = false): Pick<SiteContext, 'preview' | 'catalogue'> {
  const merchandising = new SiteMerchandising({ queryRules: rules.map((r) => queryRuleSchema.parse(r)), synonyms: {} });
  const catalogue: Pick<SiteCatalogue, 'merchandising'> = { merchandising };
  return { preview, catalogue: catalogue as SiteCatalogue };
}

/** A site with one rule whose window opens `ms` after NOW. */
const opensIn = (ms: number, preview = false) =>
  ctx([{ id: 1, query: 'boots', hide: ['1'], activeFrom: new Date(NOW + ms).toISOString() }], preview);

describe('cacheControl', () => {
  it('never lets a preview answer be stored', () => {
    expect(cacheControl(ctx([], true), NOW)).toBe('private, no-store');
    expect(cacheControl(opensIn(30_000, true), NOW)).toBe('private, no-store');
  });

  it('gives the default without rules, or with rules that have no window', () => {
    expect(cacheControl(ctx([]), NOW)).toBe(DEFAULT);
    expect(cacheControl(ctx([{ id: 1, query: 'boots', hide: ['1'] }]), NOW)).toBe(DEFAULT);
  });

  it('gives the default once every window edge has passed', () => {
    expect(
      cacheControl(ctx([{ id: 1, query: 'boots', hide: ['1'], activeUntil: new Date(NOW - 1).toISOString() }]), NOW),
    ).toBe(DEFAULT);
  });

  it('caps max-age at the next window change, without stale answers, when it is a minute or less away', () => {
    expect(cacheControl(opensIn(30_000), NOW)).toBe('public, max-age=30');
    expect(cacheControl(opensIn(60_000), NOW)).toBe('public, max-age=60');
    expect(cacheControl(opensIn(1_000), NOW)).toBe('public, max-age=1');
  });

  it('rounds the time left down to whole seconds, to 0 under a second', () => {
    expect(cacheControl(opensIn(30_999), NOW)).toBe('public, max-age=30');
    expect(cacheControl(opensIn(999), NOW)).toBe('public, max-age=0');
  });

  it('keeps max-age=60 and shortens stale-while-revalidate to end at the change', () => {
    expect(cacheControl(opensIn(200_000), NOW)).toBe('public, max-age=60, stale-while-revalidate=140');
    expect(cacheControl(opensIn(61_000), NOW)).toBe('public, max-age=60, stale-while-revalidate=1');
    expect(cacheControl(opensIn(359_999), NOW)).toBe('public, max-age=60, stale-while-revalidate=299');
  });

  it('gives the default when the change is at least max-age plus stale (360 s) away', () => {
    expect(cacheControl(opensIn(360_000), NOW)).toBe(DEFAULT);
    expect(cacheControl(opensIn(3_600_000), NOW)).toBe(DEFAULT);
  });

  it('counts from the next change only, whichever rule and edge it is', () => {
    const rules = [
      {
        id: 1,
        query: 'boots',
        hide: ['1'],
        activeFrom: new Date(NOW - 10_000).toISOString(),
        activeUntil: new Date(NOW + 3_600_000).toISOString(),
      },
      { id: 2, query: 'shoes', hide: ['2'], activeUntil: new Date(NOW + 45_000).toISOString() },
    ];
    expect(cacheControl(ctx(rules), NOW)).toBe('public, max-age=45');
    expect(cacheControl(ctx(rules), NOW + 45_000)).toBe(DEFAULT);
    expect(cacheControl(ctx(rules), NOW + 3_500_000)).toBe('public, max-age=60, stale-while-revalidate=40');
  });
});
