import { baseUrlOf, processSpecs } from '../../../../scripts/start/process-specs';

const PORTS = {
  STOREFRONT_PORT: '4100',
  BUSINESS_PORT: '4101',
  IDENTITY_PORT: '4102',
  INDEXER_PORT: '4103',
  MEDIA_PORT: '4104',
  DEMO_SHOP_PORT: '4105',
};

describe('npm start and the media host', () => {
  it('runs the media host on MEDIA_PORT and tells every process where it answers', async () => {
    const specs = await processSpecs({ ...PORTS });
    const host = specs.find((s) => s.name === 'media-host');
    expect(host).toMatchObject({ entry: 'services/media-host/main.ts', url: 'http://127.0.0.1:4104' });
    expect(host?.env.PORT).toBe('4104');
    for (const spec of specs) expect(spec.env.MEDIA_BASE_URL).toBe(baseUrlOf(specs, 'media-host'));
  });

  it('keeps a MEDIA_BASE_URL given to it (a CDN in front of the host)', async () => {
    const specs = await processSpecs({ ...PORTS, MEDIA_BASE_URL: 'https://media.shop.example' });
    expect(specs.find((s) => s.name === 'storefront-api')?.env.MEDIA_BASE_URL).toBe('https://media.shop.example');
  });
});
