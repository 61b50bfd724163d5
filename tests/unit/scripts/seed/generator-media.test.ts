import { placeholderLibrary } from '../../../../scripts/seed/media/library';
import { AS_OF, collectSeed, records } from './collect-seed';

describe('seed generator: media rows', () => {
  const library = placeholderLibrary();
  const rows = records(
    collectSeed({ products: 400, orders: 0, seed: 42, asOf: AS_OF, media: library }),
    'product_media',
  );
  const byHash = new Map(
    [...library.packshots, ...library.manuals, ...library.posters].map((item) => [item.hash, item]),
  );

  it('points every row at a library source by path, with that source hash', () => {
    expect(rows.length).toBeGreaterThan(400);
    for (const row of rows) {
      const item = byHash.get(String(row.hash));
      expect(item).toBeDefined();
      expect(row.kind === 'video' ? row.poster_source : row.source).toBe(item!.source);
      expect(row.blurhash).toBeUndefined();
    }
  });

  it('has images of every background, some poster-only videos with a duration, and PDF manuals with their pages', () => {
    const images = rows.filter((r) => r.kind === 'image');
    expect(new Set(images.map((r) => library.packshots.find((p) => p.hash === r.hash)?.bg))).toEqual(
      new Set(['white', 'transparent', 'light']),
    );
    const videos = rows.filter((r) => r.kind === 'video');
    expect(videos.length).toBeGreaterThan(0);
    for (const v of videos)
      expect(v).toMatchObject({ source: null, duration: expect.any(Number), attributes: '{"channel":"lookbook"}' });
    const files = rows.filter((r) => r.kind === 'file');
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f.pages).toBe(library.manuals.find((m) => m.hash === f.hash)?.pages);
  });

  it('shares sources across products: the catalogue uses no more sources than the library has', () => {
    expect(new Set(rows.map((r) => r.hash)).size).toBeLessThanOrEqual(byHash.size);
  });
});

describe('seed generator: brand logos', () => {
  const library = placeholderLibrary();
  const brands = records(collectSeed({ products: 400, orders: 0, seed: 42, asOf: AS_OF, media: library }), 'brands');

  it('gives the first brands a logo of their own from the library, and the rest none', () => {
    expect(brands.length).toBeGreaterThan(library.logos.length);
    for (const brand of brands) {
      const logo = library.logos[Number(brand.id) - 1];
      expect({ id: brand.id, hash: brand.logo_hash, source: brand.logo_source }).toEqual({
        id: brand.id,
        hash: logo?.hash ?? null,
        source: logo?.source ?? null,
      });
    }
  });
});
