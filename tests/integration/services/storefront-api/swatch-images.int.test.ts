import { loadTenantFacts } from '../../../../indexer/documents/site-config';
import { runIndexJob } from '../../../../indexer/runs/run-job';
import { listRuns } from '../../../../indexer/runs/sync-runs';
import { listingResponseSchema } from '../../../../services/storefront-api/openapi/listing-schemas';
import { listen, type RunningServer } from '../../../../shared/http/listen';
import { DESCRIPTOR_KEYS, type MediaDescriptor } from '../../../../shared/media/descriptor';
import { storeMediaReader } from '../../../../shared/media/site-media';
import { saveFacet } from '../../../../shared/storefront-config/drafts';
import { slugify } from '../../../../shared/storefront-config/slugs/slugify';
import { announcedStatuses, packshot, sha, writeSource } from '../../../support/media-fixture';
import { mediaShop, type MediaShop } from '../../../support/media-shop';
import { runDeps } from '../../../support/storefront-fixture';

type FacetValue = {
  value: string;
  label: string;
  swatch?: { color: string | null; image: MediaDescriptor | null } | null;
};

// Swatch images are configured per facet value as a source (a path under the media source root or a URL); full and
// preview runs read, render and record them, and facet values show `swatch.image` as a descriptor with role `swatch`.
describe('swatch images', () => {
  let m: MediaShop;
  let images: RunningServer;
  // The axis's four most common value keys: a local image with a colour, an image by URL, a colour only, a missing file.
  let keys: [string, string, string, string];
  let axis: string;
  const bytes: Record<string, Buffer> = {};

  const run = (type: 'full' | 'delta' | 'preview', pipeline = m.media.pipeline()) =>
    runIndexJob(
      runDeps(m.t.db, m.shop.engine.engine, { media: pipeline }),
      { type, siteId: m.shop.siteId },
      { jobId: null, attempt: 1 },
    );
  const get = (path: string, key = m.shop.keys.publishable) => m.doc.get(path, { 'X-Site-Key': key });
  const look = async (key = m.shop.keys.publishable): Promise<Map<string, FacetValue>> => {
    const res = await get('/v1/products?pageSize=1', key);
    expect(res.status).toBe(200);
    const facet = listingResponseSchema.parse(res.body).facets.find((f) => f.key === 'look');
    return new Map((facet?.values ?? []).map((v) => [v.value, v as FacetValue]));
  };
  const lookFacet = (local: string, late: string | null = null) => ({
    source: { kind: 'option', option: axis },
    type: 'swatch',
    searchable: true,
    size: 100,
    swatches: {
      [keys[0]]: { color: '#c8312f', image: local },
      [keys[1]]: { image: `${images.url}/b.png` },
      [keys[2]]: { color: '#111111', image: late },
      [keys[3]]: { image: 'missing.png' },
    },
  });
  const rendered = async (source: string) =>
    (await storeMediaReader(m.media.store).swatchImages(m.t.db, m.shop.tenantId, [source])).get(source);

  beforeAll(async () => {
    bytes.a = await packshot(96, 96, '#c8312f', '#ffffff');
    bytes.b = await packshot(64, 64, '#2f6fd6', null);
    images = await listen(
      (_req, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(bytes.b),
      '127.0.0.1',
      0,
    );
    m = await mediaShop({
      tenant: 'swatches',
      products: 120,
      seed: 33,
      configure: async ({ db, siteId, tenantId, media }) => {
        await writeSource(media.sources, 'a.png', bytes.a!);
        axis = (await loadTenantFacts(db, tenantId)).optionAxes[0]!;
        const common: { value: string }[] = await db('product_option_values as v')
          .join('product_options as o', function on() {
            this.on('o.tenant_id', 'v.tenant_id')
              .andOn('o.product_id', 'v.parent_id')
              .andOn('o.position', 'v.position');
          })
          .where({ 'v.tenant_id': tenantId, 'o.name': axis })
          .groupBy('v.value')
          .orderByRaw('count(*) desc, v.value')
          .limit(4)
          .select('v.value');
        keys = common.map((c) => slugify(c.value)) as typeof keys;
        await saveFacet(db, tenantId, siteId, 'look', lookFacet('a.png'));
      },
    });
  }, 120_000);
  afterAll(async () => {
    await m?.cleanup();
    await images?.close();
  });

  it('shows a configured image as a 22-key descriptor with role swatch, by path or by URL, beside its colour', async () => {
    const values = await look();
    const a = values.get(keys[0])!.swatch;
    expect(Object.keys(a?.image ?? {})).toEqual([...DESCRIPTOR_KEYS]);
    expect(a).toEqual({ color: '#c8312f', image: await rendered('a.png') });
    expect(a?.image).toMatchObject({
      id: sha(bytes.a!),
      kind: 'image',
      role: 'swatch',
      order: 0,
      w: 96,
      h: 96,
      bg: 'white',
      alt: {},
      widths: [96],
      formats: ['avif', 'jpeg'],
    });
    const b = values.get(keys[1])!.swatch;
    expect(b).toEqual({ color: null, image: await rendered(`${images.url}/b.png`) });
    expect(b?.image).toMatchObject({ id: sha(bytes.b!), role: 'swatch', bg: 'transparent' });
    for (const source of ['a.png', `${images.url}/b.png`])
      expect(Object.values(await announcedStatuses(m.host.url, (await rendered(source))!))).toEqual([200, 200]);
  });

  it('answers image null for a colour-only value and an unreadable source, swatch null for an unconfigured value', async () => {
    const values = await look();
    expect(values.get(keys[2])!.swatch).toEqual({ color: '#111111', image: null });
    expect(values.get(keys[3])!.swatch).toEqual({ color: null, image: null });
    const others = [...values.values()].filter((v) => !keys.includes(v.value));
    expect(others.length).toBeGreaterThan(0);
    for (const v of others) expect(v.swatch).toBeNull();
    const [preview, full] = await listRuns(m.t.db, { tenantId: m.shop.tenantId, siteId: m.shop.siteId }, 2);
    for (const runRow of [full!, preview!]) {
      expect(runRow.warnings.filter((w) => w.code.startsWith('MEDIA'))).toEqual([
        {
          code: 'MEDIA_UNREADABLE',
          detail: expect.stringMatching(new RegExp(`^swatch image of look=${keys[3]}: .*no such file`)),
        },
      ]);
    }
  });

  it('shows the same swatch in search-in-facet', async () => {
    const a = (await look()).get(keys[0])!;
    const res = await get(`/v1/products/facets/look?q=${encodeURIComponent(a.label.slice(0, 2))}`);
    expect(res.status).toBe(200);
    expect(res.body.values.find((v: FacetValue) => v.value === keys[0])?.swatch).toEqual(a.swatch);
  });

  it('renders a draft swatch image in the preview run, for preview keys only', async () => {
    bytes.c = await packshot(80, 80, '#111111', '#efeae2');
    await writeSource(m.media.sources, 'c.png', bytes.c);
    await saveFacet(m.t.db, m.shop.tenantId, m.shop.siteId, 'look', lookFacet('a.png', 'c.png'));
    expect(await run('preview')).toBe('ok');
    expect((await look(m.shop.keys.preview)).get(keys[2])!.swatch).toEqual({
      color: '#111111',
      image: await rendered('c.png'),
    });
    expect((await rendered('c.png'))?.id).toBe(sha(bytes.c));
    expect((await look()).get(keys[2])!.swatch).toEqual({ color: '#111111', image: null });
  });

  it('reads the sources on every full run: unchanged ones are not rendered again, a file replaced in place is', async () => {
    const unchanged = m.media.pipeline();
    expect(await run('full', unchanged)).toBe('ok');
    expect(unchanged.stats.rendered).toBe(0);
    const before = (await look()).get(keys[0])!.swatch?.image;
    bytes.a = await packshot(96, 96, '#3f8f4f', '#ffffff');
    await writeSource(m.media.sources, 'a.png', bytes.a);
    const replaced = m.media.pipeline();
    expect(await run('full', replaced)).toBe('ok');
    expect(replaced.stats.rendered).toBe(1);
    const after = (await look()).get(keys[0])!.swatch?.image;
    expect(after?.id).toBe(sha(bytes.a));
    expect(after?.id).not.toBe(before?.id);
  });

  it('lets a product swatch image be the display image only when there is no primary and no gallery image', async () => {
    const shots = {
      swatch: await packshot(64, 64, '#e8c33a', null),
      gallery1: await packshot(120, 120, '#3f8f4f', '#ffffff'),
      gallery2: await packshot(130, 130, '#6d4b33', '#ffffff'),
      primary: await packshot(140, 140, '#1f2a44', '#ffffff'),
    };
    for (const [name, png] of Object.entries(shots)) await writeSource(m.media.sources, `${name}.png`, png);
    const first = async () =>
      listingResponseSchema.parse((await get('/v1/products?pageSize=3&sort=name_asc')).body).items;
    const ids = (await first()).map((c) => Number(c.id));
    // Positions put the swatch first: the rule goes by role, then position.
    const layouts: (keyof typeof shots)[][] = [
      ['swatch', 'gallery1', 'gallery2'],
      ['swatch'],
      ['gallery1', 'primary', 'swatch'],
    ];
    await m.t.db('product_media').insert(
      layouts.flatMap((names, i) =>
        names.map((name, position) => ({
          tenant_id: m.shop.tenantId,
          product_id: ids[i],
          hash: sha(shots[name]),
          kind: 'image',
          role: name.replace(/\d$/, ''),
          position,
          source: `${name}.png`,
        })),
      ),
    );
    expect(await run('delta')).toBe('ok');
    const cards = await first();
    expect(cards.map((c) => c.image?.id)).toEqual([sha(shots.gallery1), sha(shots.swatch), sha(shots.primary)]);
    for (const [i, card] of cards.entries()) {
      const detail = (await get(`/v1/products/${card.id}`)).body;
      expect(detail.image).toEqual(card.image);
      expect(detail.images.map((d: MediaDescriptor) => d.role)).toEqual(
        layouts[i]!.map((name) => name.replace(/\d$/, '')),
      );
    }
  });
});
