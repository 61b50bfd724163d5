import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { runIndexJob } from '../../../../indexer/runs/run-job';
import { listRuns } from '../../../../indexer/runs/sync-runs';
import type { IndexedCard } from '../../../../indexer/documents/card';
import { DEMO_PRODUCTS, DEMO_SEED } from '../../../../scripts/start/demo';
import { seedTenant } from '../../../../scripts/seed/seed-tenant';
import { createApp } from '../../../../services/media-host/app';
import { listen, type RunningServer } from '../../../../shared/http/listen';
import { createLogger } from '../../../../shared/logger';
import { DESCRIPTOR_KEYS, type MediaDescriptor } from '../../../../shared/media/descriptor';
import { announcedPaths } from '../../../../shared/media/media-urls';
import type { MediaPipeline } from '../../../../shared/media/pipeline';
import { describeBrandLogos } from '../../../../shared/media/brand-logos';
import { describeProductMedia } from '../../../../shared/media/product-media';
import { storeMediaReader } from '../../../../shared/media/site-media';
import { mediaTempDir, rawRequest, sha } from '../../../support/media-fixture';
import {
  createTestEngine,
  publishTwoMarketSite,
  runDeps,
  type EmbeddedTestEngine,
} from '../../../support/storefront-fixture';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createKey } from '../../../../shared/storefront-config/keys';
import { publishConfig } from '../../../../shared/storefront-config/publish';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { createTestRedis } from '../../../support/test-redis';
import { storefrontConformance } from '../../../support/storefront-openapi';

const AS_OF = new Date('2025-06-01T00:00:00Z');
const job = { jobId: null, attempt: 1 };

// The demo shop's catalogue (npm start seeds the same products from the same seed), with its real source media.
describe('media of the seeded demo shop', () => {
  let t: TestDb;
  let e: EmbeddedTestEngine;
  let media: Awaited<ReturnType<typeof mediaTempDir>>;
  let host: RunningServer;
  let tenantId: number;
  let siteId: number;
  let first: MediaPipeline;
  let all: MediaDescriptor[];
  let logos: Map<number, MediaDescriptor>;
  const run = (type: 'full' | 'delta', pipeline: MediaPipeline) =>
    runIndexJob(runDeps(t.db, e.engine, { media: pipeline }), { type, siteId }, job);
  const latest = async () => (await listRuns(t.db, { tenantId, siteId }, 1))[0]!;

  beforeAll(async () => {
    t = await createTestDb();
    e = await createTestEngine(t.db);
    media = await mediaTempDir();
    tenantId = (
      await seedTenant(t.db, {
        tenant: 'demo',
        products: DEMO_PRODUCTS,
        orders: 0,
        seed: DEMO_SEED,
        asOf: AS_OF,
        analyze: false,
        mediaDir: media.sources,
      })
    ).tenantId;
    siteId = await publishTwoMarketSite(t.db, tenantId);
    first = media.pipeline();
    expect(await run('full', first)).toBe('ok');
    const ids: number[] = (await t.db('products').where({ tenant_id: tenantId }).pluck('id')).map(Number);
    all = [...(await describeProductMedia(t.db, media.store, tenantId, ids)).values()].flatMap((m) => [
      ...m.images,
      ...m.files,
    ]);
    logos = await describeBrandLogos(
      t.db,
      media.store,
      tenantId,
      (await t.db('brands').where({ tenant_id: tenantId }).pluck('id')).map(Number),
    );
    host = await listen(
      createApp({ store: media.store, logger: createLogger({ name: 'test', level: 'silent' }) }),
      '127.0.0.1',
      0,
    );
  }, 600_000);
  afterAll(async () => {
    await host?.close();
    await e.cleanup();
    await t.drop();
    await media.cleanup();
  });

  it('renders each distinct source once, and every media row and brand logo gets a descriptor', async () => {
    const rows: { hash: string; kind: string }[] = await t
      .db('product_media')
      .where({ tenant_id: tenantId })
      .select('hash', 'kind');
    const logoHashes: string[] = await t
      .db('brands')
      .where({ tenant_id: tenantId })
      .whereNotNull('logo_hash')
      .pluck('logo_hash');
    expect(first.stats.rendered).toBe(
      new Set([...rows.map((r) => `${r.hash}/${r.kind}`), ...logoHashes.map((h) => `${h}/image`)]).size,
    );
    expect(all).toHaveLength(rows.length);
    // The demo's first brands have logos and the others none; every logo is rendered (each brand has products).
    expect(logoHashes.length).toBeGreaterThan(0);
    expect(logoHashes.length).toBeLessThan(
      await t
        .db('brands')
        .where({ tenant_id: tenantId })
        .count<{ count: string }[]>('id as count')
        .then((r) => Number(r[0]!.count)),
    );
    expect([...logos.values()].map((d) => d.id).sort()).toEqual([...logoHashes].sort());
    expect(new Set(all.map((d) => d.kind))).toEqual(new Set(['image', 'video', 'file']));
    expect((await latest()).warnings.filter((w) => w.code.startsWith('MEDIA'))).toEqual([]);
  });

  it('every descriptor has exactly the 22 keys, nulls where a key does not apply, arrays never null', () => {
    for (const logo of logos.values())
      expect(logo).toMatchObject({ kind: 'image', role: 'logo', bg: 'transparent', alt: {} });
    for (const d of [...all, ...logos.values()]) {
      expect(Object.keys(d).sort()).toEqual([...DESCRIPTOR_KEYS].sort());
      expect(d.id).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(Array.isArray(d.widths) && Array.isArray(d.formats)).toBe(true);
      expect(typeof d.alt).toBe('object');
      if (d.kind === 'file') {
        expect(d).toMatchObject({
          widths: [],
          formats: [],
          w: null,
          h: null,
          poster: null,
          variants: null,
          duration: null,
        });
        expect(d.pages).toBeGreaterThan(0);
        expect(d.filename).toMatch(/-manual\.pdf$/);
      } else {
        expect(d.formats).toEqual(['avif', 'jpeg']);
        expect(d.widths.length).toBeGreaterThan(0);
        expect(['white', 'transparent', 'light']).toContain(d.bg);
        expect(d.color).toMatch(/^#[0-9a-f]{6}$/);
        expect(d.blurhash).not.toBeNull();
        expect(d).toMatchObject({ filename: null, bytes: null, pages: null });
      }
      if (d.kind === 'video') {
        expect(d.poster).not.toBeNull();
        expect(d.duration).toBeGreaterThan(0);
        expect(d.variants).toEqual([]);
      } else expect(d).toMatchObject({ poster: null, duration: null, variants: null });
    }
    // The packshots were drawn on all three backgrounds, and the classification finds each.
    expect(new Set(all.map((d) => d.bg))).toEqual(new Set(['white', 'transparent', 'light', null]));
  });

  it('cards carry the display image', async () => {
    const result = await e.engine.search(`sf${siteId}-shop`, { language: 'en', market: 'm1', page: 1, pageSize: 100 });
    const cards = result.hits.map((h) => h.card as IndexedCard);
    const withImage = cards.filter((c) => c.image !== null);
    expect(withImage.length).toBeGreaterThan(cards.length * 0.8);
    for (const card of withImage) {
      const own = (await describeProductMedia(t.db, media.store, tenantId, [Number(card.id)])).get(Number(card.id))!;
      expect(card.image).toEqual(own.image);
    }
  });

  it('every URL a descriptor announces answers 200 with the right content type and dimensions', async () => {
    const byPath = new Map<string, MediaDescriptor>();
    for (const d of [...all, ...logos.values()]) for (const path of announcedPaths(d)) byPath.set(path, d);
    expect(byPath.size).toBeGreaterThan(100);
    for (const [path, d] of byPath) {
      const res = await rawRequest(host.url, path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      if (d.kind === 'file') {
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(sha(res.body)).toBe(d.id);
        continue;
      }
      const [, width, format] = /\/(\d+)\.(avif|jpeg)$/.exec(path)!;
      expect(res.headers['content-type']).toBe(`image/${format}`);
      const meta = await sharp(res.body).metadata();
      expect({ path, width: meta.width }).toEqual({ path, width: Number(width) });
      expect(Math.abs(meta.height! - (Number(width) * d.h!) / d.w!)).toBeLessThanOrEqual(1);
    }
  }, 120_000);

  it('the storefront serves the descriptors: the card image, the detail images, image and files, and brand logos', async () => {
    const { raw } = await createKey(t.db, tenantId, siteId, 'publishable', 'web');
    await publishConfig(t.db, tenantId, siteId, 'key');
    const r = createTestRedis();
    try {
      const { app } = await createStorefrontTestApp({
        db: t.db,
        redis: r.redis,
        engine: e.engine,
        media: storeMediaReader(media.store),
      });
      // Checked against the OpenAPI document too: real descriptors of every kind, on cards and on the detail.
      const doc = await storefrontConformance(app);
      const listing = await doc.get('/v1/products?pageSize=20', { 'X-Site-Key': raw });
      const card = listing.body.items.find((c: { image: MediaDescriptor | null }) => c.image !== null);
      expect(Object.keys(card.image).sort()).toEqual([...DESCRIPTOR_KEYS].sort());
      const own = (await describeProductMedia(t.db, media.store, tenantId, [Number(card.id)])).get(Number(card.id))!;
      const detail = await doc.get(`/v1/products/${card.id}`, { 'X-Site-Key': raw });
      expect(detail.status).toBe(200);
      expect(detail.body.images).toEqual(own.images);
      expect(detail.body.image).toEqual(own.image);
      expect(detail.body.files).toEqual(own.files);
      expect(card.image).toEqual(own.image);
      // A product showing a video and one showing a file, so the document's descriptor is held to those kinds too.
      for (const kind of ['video', 'file']) {
        const ids: number[] = (
          await t
            .db('product_media')
            .where({ tenant_id: tenantId, kind })
            .distinct('product_id')
            .orderBy('product_id')
            .limit(30)
        ).map((row: { product_id: number }) => Number(row.product_id));
        const shown: string[] = [];
        for (const id of ids) {
          const answer = await doc.get(`/v1/products/${id}`, { 'X-Site-Key': raw });
          if (answer.status === 200)
            shown.push(...[...answer.body.images, ...answer.body.files].map((d: MediaDescriptor) => d.kind));
          if (shown.includes(kind)) break;
        }
        expect(shown).toContain(kind);
      }
      // The demo's brand logos on the detail: the brand's own descriptor, or null for a brand without a logo.
      const brandOf = async (withLogo: boolean) => {
        const rows: { id: number; brand_id: number }[] = await t
          .db('products')
          .where({ tenant_id: tenantId })
          .whereNull('parent_id')
          .whereIn(
            'brand_id',
            t
              .db('brands')
              .where({ tenant_id: tenantId })
              [withLogo ? 'whereNotNull' : 'whereNull']('logo_hash')
              .select('id'),
          )
          .orderBy('id')
          .limit(20)
          .select('id', 'brand_id');
        for (const row of rows) {
          const answer = await doc.get(`/v1/products/${row.id}`, { 'X-Site-Key': raw });
          if (answer.status === 200) return { brandId: row.brand_id, logo: answer.body.brand.logo };
        }
        throw new Error('no sold product of such a brand');
      };
      const branded = await brandOf(true);
      expect(branded.logo).toEqual(logos.get(branded.brandId));
      expect(branded.logo).toMatchObject({ role: 'logo', kind: 'image' });
      expect((await brandOf(false)).logo).toBeNull();
    } finally {
      await r.cleanup();
    }
  });

  it('a second run renders nothing new', async () => {
    const second = media.pipeline();
    expect(await run('full', second)).toBe('ok');
    expect(second.stats).toEqual({ rendered: 0, reused: expect.any(Number) });
    expect(second.stats.reused).toBeGreaterThan(1000);
  }, 300_000);

  it('a broken or missing source is a warning on the run, never a failed run', async () => {
    const row = await t
      .db('product_media as m')
      .join('products as p', (j) => j.on('p.tenant_id', 'm.tenant_id').andOn('p.id', 'm.product_id'))
      .where({ 'm.tenant_id': tenantId, 'm.kind': 'image', 'm.role': 'primary' })
      .whereNull('p.parent_id')
      .orderBy('m.id')
      .first<{ id: number; product_id: number }>('m.id', 'm.product_id');
    await t
      .db('product_media')
      .where({ tenant_id: tenantId, id: row.id })
      .update({ hash: `sha256:${randomBytes(32).toString('hex')}`, source: 'seed/gone.png' });
    expect(await run('delta', media.pipeline())).toBe('ok');
    const warnings = (await latest()).warnings;
    expect(warnings).toContainEqual({
      code: 'MEDIA_UNREADABLE',
      productId: String(row.product_id),
      detail: expect.stringContaining('no such file'),
    });
  }, 120_000);
});
