import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Worker } from 'bullmq';
import request from 'supertest';
import { createWorker } from '../../../../../indexer/worker';
import { seedTenant } from '../../../../../scripts/seed/seed-tenant';
import { Registry } from 'prom-client';
import { createLogger } from '../../../../../shared/logger';
import { DEFAULT_ANALYTICS, SearchAnalytics } from '../../../../../shared/search-analytics/search-analytics';
import { tokenize } from '../../../../../shared/search/analysis/tokenize';
import type { StorefrontApp } from '../../../../../services/storefront-api/app';
import type { ConfigRegistry } from '../../../../../shared/storefront-config/config-registry';
import { startMcpServer, toolCalls, type McpHarness } from '../../../../support/mcp-server';
import { createStorefrontTestApp } from '../../../../support/storefront-api';
import { createEngineOf, twoPriceLists } from '../../../../support/storefront-fixture';
import { engineKinds, type TestEngine } from '../../../../support/test-engines';
import { until } from '../../../../support/until';

type Listing = {
  items: { id: string; name: string }[];
  total: number;
  facets: { key: string; values: { value: string; count: number }[] }[];
  appliedFilters: { facet: string; value: string }[];
};

describe.each(engineKinds('merchandising through the tools'))(
  'merchandising a shop through the tools: synonyms, query rules, collection pins and the preview (%s)',
  (kind) => {
    let h: McpHarness;
    let e: TestEngine;
    let worker: Worker;
    let client: Client;
    let app: StorefrontApp;
    let registry: ConfigRegistry;
    let analytics: SearchAnalytics;
    let siteId: number;
    let version = 0;
    const keys = { live: '', preview: '' };
    /** Two words of product names whose searches find disjoint, non-empty sets of products. */
    let words: { a: string; b: string; setA: string[]; setB: string[] };

    const { ok, refused } = toolCalls(() => client);
    const listing = async (
      key: 'live' | 'preview',
      query: Record<string, string>,
      market?: string,
    ): Promise<Listing> => {
      const call = request(app)
        .get('/v1/products')
        .query({ pageSize: '100', ...query })
        .set('X-Site-Key', keys[key]);
      const res = await (market === undefined ? call : call.set('X-Market', market));
      expect(res.status).toBe(200);
      return res.body as Listing;
    };
    const ids = (l: Listing) => l.items.map((i) => i.id);
    const publish = async (note: string) => {
      version = ((await ok('publish_storefront_config', { siteId, note })) as { version: number }).version;
      await registry?.refresh();
    };

    const removeRule = async (ruleId: number) => {
      await ok('remove_storefront_query_rule', { siteId, ruleId });
      await publish(`without rule ${ruleId}`);
    };

    beforeAll(async () => {
      let engineRef: TestEngine | undefined;
      h = await startMcpServer({ engine: async () => engineRef!.engine });
      e = await createEngineOf(kind, h.t.db);
      engineRef = e;
      const tenantId = (
        await seedTenant(h.t.db, {
          tenant: 'merch-shop',
          products: 40,
          orders: 0,
          seed: 23,
          asOf: new Date('2025-06-01T00:00:00Z'),
          analyze: false,
        })
      ).tenantId;
      worker = createWorker({
        db: h.t.db,
        engine: e.engine,
        logger: createLogger({ name: 'test', level: 'silent' }),
        gateFraction: 0.5,
        batchSize: 100,
        connection: h.queueRedis,
        prefix: h.r.prefix,
      });
      client = await h.connect(await h.token(tenantId, { userId: 'merchandiser' }));
      ({ siteId } = (await ok('save_storefront_site', {
        code: 'merch',
        name: 'Merch',
        ecomSiteId: 1,
        devOrigins: [],
      })) as { siteId: number });
      const [list] = await twoPriceLists(h.t.db, tenantId);
      const market = {
        siteId,
        language: 'en',
        currency: list!.currency,
        country: 'SE',
        urlTemplate: 'https://shop.example/{path}',
        priceListId: list!.id,
      };
      await ok('save_storefront_market', { ...market, code: 'main', isDefault: true });
      await ok('save_storefront_market', {
        ...market,
        code: 'other',
        isDefault: false,
        urlTemplate: 'https://other.example/{path}',
      });
      await ok('save_storefront_facet_config', {
        siteId,
        key: 'brand',
        definitionJson: { source: { kind: 'brand' }, type: 'list', size: 100 },
      });
      keys.live = (
        (await ok('create_storefront_api_key', { siteId, kind: 'publishable', label: 'web' })) as { key: string }
      ).key;
      keys.preview = (
        (await ok('create_storefront_api_key', { siteId, kind: 'preview', label: 'editors' })) as { key: string }
      ).key;
      await publish('the shop');
      const runs = async () =>
        ((await ok('get_storefront_sync_status', { siteId })) as { status: string }).status === 'ok' || undefined;
      await until(runs, 60_000);
      // The preview key reads the preview index: build it once (synonyms and rules need no rebuild).
      await ok('build_storefront_preview', { siteId });
      const preview = async () => {
        const { runs: all } = (await ok('get_storefront_sync_status', { siteId })) as {
          runs: { mode: string; outcome: string }[];
        };
        return all.some((r) => r.mode === 'preview' && r.outcome === 'ok') || undefined;
      };
      await until(preview, 60_000);
      analytics = new SearchAnalytics(
        { db: h.t.db, logger: createLogger({ name: 'test', level: 'silent' }), metrics: new Registry() },
        { ...DEFAULT_ANALYTICS, flushEveryMs: 60_000 },
      );
      ({ app, registry } = await createStorefrontTestApp({
        db: h.t.db,
        redis: h.r.redis,
        engine: e.engine,
        recordSearch: analytics.record,
      }));
      words = await disjointWords();
    }, 120_000);
    afterAll(async () => {
      await analytics?.close();
      await worker?.close();
      await h.close();
      await e?.cleanup();
    });

    /** Two name words whose searches find disjoint sets of products, each a part of the catalogue. */
    async function disjointWords(): Promise<typeof words> {
      const all = await listing('live', {});
      const candidates = [...new Set(all.items.flatMap((i) => tokenize(i.name)).filter((w) => /^[a-z]{4,}$/.test(w)))];
      const found = new Map<string, string[]>();
      for (const word of candidates) found.set(word, ids(await listing('live', { q: word })));
      for (const [a, setA] of found) {
        for (const [b, setB] of found) {
          if (
            setA.length >= 3 &&
            setB.length >= 1 &&
            setA.length + setB.length < all.total &&
            !setA.some((id) => setB.includes(id))
          )
            return { a, b, setA, setB };
        }
      }
      throw new Error(`no two disjoint name words among ${candidates.join(', ')}`);
    }

    const noHitQueries = async () => {
      await analytics.flush();
      const report = (await ok('get_storefront_search_analytics', { siteId, report: 'no-hit-queries' })) as {
        items: { query: string }[];
      };
      return report.items.map((i) => i.query);
    };

    it("an equivalent group finds one term's products by another, after publish and not before; the no-hit query then leaves the report", async () => {
      expect((await listing('live', { q: 'zorblax' })).total).toBe(0);
      expect(await noHitQueries()).toContain('zorblax');
      expect(
        await ok('save_storefront_synonyms', {
          siteId,
          language: 'en',
          synonymsJson: JSON.stringify([{ terms: ['zorblax', words.a] }]),
        }),
      ).toEqual({ language: 'en', entries: 1 });
      expect((await listing('live', { q: 'zorblax' })).total).toBe(0);
      expect(ids(await listing('preview', { q: 'zorblax' })).sort()).toEqual([...words.setA].sort());
      await publish('synonyms');
      expect(ids(await listing('live', { q: 'zorblax' })).sort()).toEqual([...words.setA].sort());
      expect(ids(await listing('live', { q: words.a })).sort()).toEqual([...words.setA].sort());
      expect(await noHitQueries()).not.toContain('zorblax');
    });

    it('a one-way entry works one way only', async () => {
      await ok('save_storefront_synonyms', {
        siteId,
        language: 'en',
        synonymsJson: [{ from: words.a, to: [words.b] }],
      });
      await publish('one-way');
      expect(ids(await listing('live', { q: words.a })).sort()).toEqual([...words.setA, ...words.setB].sort());
      expect(ids(await listing('live', { q: words.b })).sort()).toEqual([...words.setB].sort());
    });

    it('takes 10,000 entries in one language, and a search uses the last of them', async () => {
      const many = Array.from({ length: 9_999 }, (_, i) => ({
        terms: [`filler${i}a`, `filler${i}b`, `filler ${i} c`],
      }));
      const set = [...many, { from: 'lastentry', to: [words.a] }];
      expect(
        await ok('save_storefront_synonyms', { siteId, language: 'en', synonymsJson: JSON.stringify(set) }),
      ).toEqual({ language: 'en', entries: 10_000 });
      expect(ids(await listing('preview', { q: 'lastentry' })).sort()).toEqual([...words.setA].sort());
      const over = [...set, { terms: ['one', 'more'] }];
      expect(await refused('save_storefront_synonyms', { siteId, language: 'en', synonymsJson: over })).toMatch(
        /synonyms\.en.*10000/,
      );
    });

    it('refuses broken synonym entries, naming each', async () => {
      const text = await refused('save_storefront_synonyms', {
        siteId,
        language: 'en',
        synonymsJson: [{ terms: ['only'] }, { from: 'x', to: [] }, { terms: ['a', '--'] }],
      });
      expect(text).toContain('synonyms.en[0].terms');
      expect(text).toContain('synonyms.en[1].to');
      expect(text).toContain('synonyms.en[2].terms[1]');
      expect(await refused('save_storefront_synonyms', { siteId, language: 'English', synonymsJson: [] })).toMatch(
        /language/,
      );
    });

    it('a pin puts a product at its position; a hide removes one from items, total and facet counts', async () => {
      await ok('save_storefront_synonyms', { siteId, language: 'en', synonymsJson: [] });
      await publish('no synonyms');
      const plain = await listing('live', { q: words.a });
      const [outsider] = words.setB;
      const third = plain.items[plain.items.length - 1]!.id;
      const hidden = plain.items[0]!.id;
      const { ruleId } = (await ok('save_storefront_query_rule', {
        siteId,
        ruleJson: {
          query: words.a,
          pin: [
            { productId: outsider, position: 1 },
            { productId: third, position: 3 },
          ],
          hide: [hidden],
        },
      })) as { ruleId: number };
      await publish('pins');
      const ruled = await listing('live', { q: words.a });
      expect(ruled.items[0]!.id).toBe(outsider);
      expect(ruled.items[2]!.id).toBe(third);
      expect(ids(ruled)).not.toContain(hidden);
      expect(ruled.total).toBe(plain.total - 1 + 1);
      expect(new Set(ids(ruled)).size).toBe(ruled.items.length);
      const brandCount = (l: Listing) =>
        l.facets.find((f) => f.key === 'brand')!.values.reduce((sum, v) => sum + v.count, 0);
      expect(brandCount(ruled)).toBe(brandCount(plain));
      const page2 = await request(app)
        .get('/v1/products')
        .query({ q: words.a, pageSize: '2', page: '2' })
        .set('X-Site-Key', keys.live);
      expect(page2.body.items[0].id).toBe(third);
      expect(page2.body.items.map((i: { id: string }) => i.id)).not.toContain(outsider);
      await removeRule(ruleId);
    });

    it('a boost and a bury reorder without changing the total', async () => {
      const plain = await listing('live', { q: words.a });
      const brands = plain.facets.find((f) => f.key === 'brand')!.values;
      const brandOf = new Map<string, string>();
      for (const { value } of brands)
        for (const id of ids(await listing('live', { q: words.a, 'filter[brand]': value }))) brandOf.set(id, value);
      const last = plain.items[plain.items.length - 1]!.id;
      const first = plain.items[0]!.id;
      const { ruleId: boostRule } = (await ok('save_storefront_query_rule', {
        siteId,
        ruleJson: { query: words.a, boost: { brand: [brandOf.get(last)!] } },
      })) as { ruleId: number };
      await publish('boost');
      const boosted = await listing('live', { q: words.a });
      expect(boosted.total).toBe(plain.total);
      expect(brandOf.get(boosted.items[0]!.id)).toBe(brandOf.get(last));
      expect(ids(boosted).sort()).toEqual(ids(plain).sort());
      await removeRule(boostRule);
      const { ruleId } = (await ok('save_storefront_query_rule', {
        siteId,
        ruleJson: { query: words.a, bury: { brand: [brandOf.get(first)!] } },
      })) as { ruleId: number };
      await publish('bury');
      const buried = await listing('live', { q: words.a });
      expect(buried.total).toBe(plain.total);
      expect(brandOf.get(buried.items[buried.items.length - 1]!.id)).toBe(brandOf.get(first));
      await removeRule(ruleId);
    });

    it('a rule outside its time window or its markets does nothing', async () => {
      const plain = await listing('live', { q: words.b });
      const [target] = words.setA;
      const pin = [{ productId: target, position: 1 }];
      await ok('save_storefront_query_rule', {
        siteId,
        ruleJson: { query: words.b, pin, activeFrom: '2999-01-01T00:00:00Z' },
      });
      await ok('save_storefront_query_rule', {
        siteId,
        ruleJson: { query: words.b, pin, markets: ['other'], activeUntil: '2999-01-01T00:00:00Z' },
      });
      await publish('windows');
      expect(ids(await listing('live', { q: words.b }))).toEqual(ids(plain));
      expect((await listing('live', { q: words.b }, 'other')).items[0]!.id).toBe(target);
      expect(
        await refused('save_storefront_query_rule', {
          siteId,
          ruleJson: {
            query: words.b,
            pin,
            markets: ['nowhere'],
            activeFrom: '2030-01-01T00:00:00Z',
            activeUntil: '2029-01-01T00:00:00Z',
          },
        }),
      ).toMatch(/markets\[0\][\s\S]*activeUntil|activeUntil[\s\S]*markets\[0\]/);
    });

    it("a cached answer does not outlive the opening of a rule's window, and says so in Cache-Control", async () => {
      const plain = await listing('live', { q: words.b });
      const [target] = words.setA;
      const opensAt = Date.now() + 3000;
      const { ruleId } = (await ok('save_storefront_query_rule', {
        siteId,
        ruleJson: {
          query: words.b,
          pin: [{ productId: target, position: 1 }],
          activeFrom: new Date(opensAt).toISOString(),
        },
      })) as { ruleId: number };
      await publish('opens in 3 s');
      const before = await request(app)
        .get('/v1/products')
        .query({ pageSize: '100', q: words.b })
        .set('X-Site-Key', keys.live);
      expect(before.headers['cache-control']).toMatch(/^public, max-age=[0-3]$/);
      expect(ids(before.body as Listing)).toEqual(ids(plain));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt - Date.now()) + 50));
      expect((await listing('live', { q: words.b })).items[0]!.id).toBe(target);
      await removeRule(ruleId);
    });

    it("a filter action applies as the shopper's choice, and the shopper can replace or remove it", async () => {
      const plain = await listing('live', { q: words.a });
      const brand = plain.facets.find((f) => f.key === 'brand')!.values[0]!.value;
      const { ruleId } = (await ok('save_storefront_query_rule', {
        siteId,
        ruleJson: { query: words.a, filter: { brand: [brand] } },
      })) as { ruleId: number };
      await publish('filter');
      const filtered = await listing('live', { q: words.a });
      expect(filtered.appliedFilters).toEqual([expect.objectContaining({ facet: 'brand', value: brand })]);
      expect(filtered.total).toBeLessThan(plain.total);
      const removed = await listing('live', { q: words.a, 'filter[brand]': '' });
      expect(removed.total).toBe(plain.total);
      expect(removed.appliedFilters).toEqual([]);
      await removeRule(ruleId);
    });

    it("a collection pins at its head and hides; the preview key shows a draft's effect while the publishable key shows the live one", async () => {
      const { collectionId } = (await ok('save_storefront_collection', {
        siteId,
        slugsJson: { en: 'all' },
        namesJson: { en: 'All' },
        filterJson: { all: [] },
      })) as { collectionId: number };
      await publish('collection');
      const path = `/v1/collections/${collectionId}`;
      const before = (await request(app).get(path).query({ pageSize: '100' }).set('X-Site-Key', keys.live)).body
        .listing as Listing;
      const tail = before.items[before.items.length - 1]!.id;
      const head = before.items[0]!.id;
      await ok('save_storefront_collection', {
        siteId,
        id: collectionId,
        slugsJson: { en: 'all' },
        namesJson: { en: 'All' },
        filterJson: { all: [] },
        pin: [{ productId: tail, position: 1 }],
        hide: [head],
      });
      const draft = (await request(app).get(path).query({ pageSize: '100' }).set('X-Site-Key', keys.preview)).body
        .listing as Listing;
      const live = (await request(app).get(path).query({ pageSize: '100' }).set('X-Site-Key', keys.live)).body
        .listing as Listing;
      expect(draft.items[0]!.id).toBe(tail);
      expect(ids(draft)).not.toContain(head);
      expect(draft.total).toBe(before.total - 1);
      expect(ids(live)).toEqual(ids(before));
    });

    it('the preview tool reports what a draft rule makes enter, leave and move', async () => {
      const plain = await listing('live', { q: words.a });
      const [outsider] = words.setB;
      const dropped = plain.items[0]!.id;
      await ok('save_storefront_query_rule', {
        siteId,
        ruleJson: { query: words.a, pin: [{ productId: outsider, position: 1 }], hide: [dropped] },
      });
      const preview = (await ok('preview_storefront_search_changes', {
        siteId,
        queries: [words.a, 'zzzz-nothing'],
      })) as {
        queries: {
          query: string;
          changed: boolean;
          entered: { id: string; position: number }[];
          left: { id: string }[];
          moved: unknown[];
        }[];
      };
      const [changed, unchanged] = preview.queries;
      expect(changed).toMatchObject({ query: words.a, changed: true });
      expect(changed!.entered).toContainEqual(expect.objectContaining({ id: outsider, position: 1 }));
      expect(changed!.left.map((l) => l.id)).toContain(dropped);
      expect(unchanged).toMatchObject({ query: 'zzzz-nothing', changed: false, entered: [], left: [], moved: [] });
      expect(await refused('preview_storefront_search_changes', { siteId: 999_999, queries: ['x'] })).toMatch(
        /not_found/,
      );
      // Without queries, the preview takes the site's most frequent searches: the ones this suite made.
      await analytics.flush();
      const frequent = (await ok('preview_storefront_search_changes', { siteId })) as {
        source: string;
        queries: { query: string; changed: boolean }[];
      };
      expect(frequent.source).toBe('top-queries');
      expect(frequent.queries).toContainEqual(expect.objectContaining({ query: words.a, changed: true }));
      expect(version).toBeGreaterThan(1);
    });
  },
);
