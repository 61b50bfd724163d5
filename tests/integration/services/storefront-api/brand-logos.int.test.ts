import { runIndexJob } from '../../../../indexer/runs/run-job';
import { listRuns } from '../../../../indexer/runs/sync-runs';
import { brandListSchema, brandPageSchema } from '../../../../services/storefront-api/brands/brand-schema';
import { productDetailSchema } from '../../../../services/storefront-api/products/detail-schema';
import { DESCRIPTOR_KEYS } from '../../../../shared/media/descriptor';
import { storeMediaReader } from '../../../../shared/media/site-media';
import { saveFacet, saveMarket } from '../../../../shared/storefront-config/drafts';
import { announcedStatuses, packshot, sha, writeSource } from '../../../support/media-fixture';
import { mediaShop, type MediaShop } from '../../../support/media-shop';
import { runDeps, twoPriceLists } from '../../../support/storefront-fixture';

type Brand = { id: number; slug: string };

// Brand logos through the media pipeline: `brands.logo_hash` names the bytes at `brands.logo_source`; the indexer
// renders them, and the storefront shows the 22-key descriptor (role `logo`) wherever a brand has `logo`.
describe('brand logos', () => {
  let m: MediaShop;
  // The three most used brands: one with a logo, one without, one whose logo file is missing.
  let logoBrand: Brand;
  let plainBrand: Brand;
  let brokenBrand: Brand;
  let logoHash: string;

  const ok = async (path: string) => {
    const res = await m.doc.get(path, { 'X-Site-Key': m.shop.keys.publishable });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.body;
  };
  /** The detail of the first product the listing shows for the brand. */
  const detailOf = async (brand: Brand) => {
    const listing = await ok(`/v1/products?filter[brand]=${brand.slug}&pageSize=1`);
    return productDetailSchema.parse(await ok(`/v1/products/${listing.items[0].id}`));
  };
  /** The brand's logo as the media reader describes it (what every answer must show). */
  const rendered = async (brand: Brand) =>
    (await storeMediaReader(m.media.store).brandLogos(m.t.db, m.shop.tenantId, [brand.id])).get(brand.id);
  const setLogo = async (brand: Brand, source: string | null, hash: string | null) =>
    m.t
      .db('brands')
      .where({ tenant_id: m.shop.tenantId, id: brand.id })
      .update({ logo_source: source, logo_hash: hash });

  beforeAll(async () => {
    m = await mediaShop({
      tenant: 'logos',
      products: 120,
      seed: 31,
      configure: async ({ db, siteId, tenantId, media }) => {
        const logo = await packshot(480, 192, '#2f6fd6', null);
        logoHash = sha(logo);
        await writeSource(media.sources, 'acme.png', logo);
        const top: Brand[] = await db('brands as b')
          .join('products as p', function on() {
            this.on('p.tenant_id', 'b.tenant_id').andOn('p.brand_id', 'b.id');
          })
          .where('b.tenant_id', tenantId)
          .whereNull('p.parent_id')
          .groupBy('b.tenant_id', 'b.id')
          .orderByRaw('count(*) desc, b.id')
          .limit(3)
          .select('b.id', 'b.slug');
        [logoBrand, plainBrand, brokenBrand] = top as [Brand, Brand, Brand];
        await db('brands')
          .where({ tenant_id: tenantId, id: logoBrand.id })
          .update({ logo_source: 'acme.png', logo_hash: logoHash });
        await db('brands')
          .where({ tenant_id: tenantId, id: brokenBrand.id })
          .update({ logo_source: 'gone.png', logo_hash: sha(Buffer.from('gone')) });
        await saveFacet(db, tenantId, siteId, 'brand', { source: { kind: 'brand' }, type: 'list', searchable: true });
        const [first] = await twoPriceLists(db, tenantId);
        await saveMarket(db, tenantId, siteId, {
          code: 'm1',
          language: 'en',
          currency: first!.currency,
          country: 'IE',
          urlTemplate: 'https://m1.shop.example/{path}',
          priceListId: first!.id,
          isDefault: true,
          brandUrlPattern: '/b/{slug}',
        });
      },
    });
  }, 120_000);
  afterAll(() => m?.cleanup());

  it('renders each logo once across the full and preview runs, and names an unreadable one in the run warnings', async () => {
    expect(m.pipeline.stats.rendered).toBe(1);
    const [preview, full] = await listRuns(m.t.db, { tenantId: m.shop.tenantId, siteId: m.shop.siteId }, 2);
    for (const run of [full!, preview!]) {
      expect(run.outcome).toBe('ok');
      const media = run.warnings.filter((w) => w.code.startsWith('MEDIA'));
      expect(media).toEqual([
        {
          code: 'MEDIA_UNREADABLE',
          detail: expect.stringMatching(new RegExp(`^brand ${brokenBrand.id} logo: .*no such file`)),
        },
      ]);
    }
  });

  it('shows the logo on the detail as a 22-key descriptor with role logo, on the product and its variants', async () => {
    const detail = await detailOf(logoBrand);
    const logo = detail.brand?.logo;
    expect(Object.keys(logo ?? {})).toEqual([...DESCRIPTOR_KEYS]);
    expect(logo).toMatchObject({
      id: logoHash,
      kind: 'image',
      role: 'logo',
      order: 0,
      w: 480,
      h: 192,
      bg: 'transparent',
      alt: {},
      widths: [320],
      formats: ['avif', 'jpeg'],
      poster: null,
      filename: null,
    });
    expect(logo).toEqual(await rendered(logoBrand));
    for (const variant of detail.variants ?? [])
      if (variant.brand?.id === String(logoBrand.id)) expect(variant.brand.logo).toEqual(logo);
    expect(Object.values(await announcedStatuses(m.host.url, (await rendered(logoBrand))!))).toEqual([200, 200]);
  });

  it('answers null for a brand without a logo, and for one whose logo could not be rendered', async () => {
    expect((await detailOf(plainBrand)).brand).toMatchObject({ id: String(plainBrand.id), logo: null });
    expect((await detailOf(brokenBrand)).brand).toMatchObject({ id: String(brokenBrand.id), logo: null });
  });

  it('shows the same logo in the brand list and on the brand page', async () => {
    const logo = (await detailOf(logoBrand)).brand?.logo;
    const list = brandListSchema.parse(await ok('/v1/brands'));
    const byId = new Map(list.items.map((b) => [b.id, b]));
    expect(byId.get(String(logoBrand.id))?.logo).toEqual(logo);
    expect(byId.get(String(plainBrand.id))?.logo).toBeNull();
    expect(byId.get(String(brokenBrand.id))?.logo).toBeNull();
    expect(list.items.filter((b) => b.logo !== null)).toHaveLength(1);
    const page = brandPageSchema.parse(await ok(`/v1/brands/${byId.get(String(logoBrand.id))!.slug}`));
    expect(page.brand.logo).toEqual(logo);
  });

  it('shows a changed logo once a delta (queued by the brand change) has rendered it, and never a descriptor before', async () => {
    const fresh = await packshot(400, 400, '#c8312f', '#ffffff');
    await writeSource(m.media.sources, 'plain.png', fresh);
    await setLogo(plainBrand, 'plain.png', sha(fresh));
    // Not rendered yet: null rather than URLs the media host would answer 404.
    expect((await detailOf(plainBrand)).brand?.logo).toBeNull();
    expect(
      await runIndexJob(
        runDeps(m.t.db, m.shop.engine.engine, { media: m.pipeline }),
        { type: 'delta', siteId: m.shop.siteId },
        { jobId: null, attempt: 1 },
      ),
    ).toBe('ok');
    const logo = (await detailOf(plainBrand)).brand?.logo;
    expect(logo).toMatchObject({ id: sha(fresh), role: 'logo', w: 400, h: 400, bg: 'white' });
    expect(logo).toEqual(await rendered(plainBrand));
    expect(Object.values(await announcedStatuses(m.host.url, (await rendered(plainBrand))!))).toEqual([200, 200]);
    expect(m.pipeline.stats.rendered).toBe(2);
    // Taken away again: null.
    await setLogo(plainBrand, null, null);
    expect((await detailOf(plainBrand)).brand?.logo).toBeNull();
  });
});
