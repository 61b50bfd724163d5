import { processSpecs, shopOrigins } from '../../../../scripts/start/process-specs';

const PORTS = {
  STOREFRONT_PORT: '4100',
  BUSINESS_PORT: '4101',
  IDENTITY_PORT: '4102',
  INDEXER_PORT: '4103',
  MEDIA_PORT: '4104',
  DEMO_SHOP_PORT: '4105',
};

describe('npm start and the demo shop', () => {
  it('runs the demo shop on DEMO_SHOP_PORT and tells it where the storefront API answers', async () => {
    const specs = await processSpecs({ ...PORTS });
    const shop = specs.find((s) => s.name === 'demo-shop');
    expect(shop).toMatchObject({ entry: 'services/demo-shop/main.ts', url: 'http://127.0.0.1:4105' });
    expect(shop?.env).toMatchObject({ PORT: '4105', STOREFRONT_API_URL: 'http://127.0.0.1:4100' });
  });

  it('allows the shop from its actual origin, as 127.0.0.1 and as localhost', async () => {
    expect(shopOrigins(await processSpecs({ ...PORTS }))).toEqual(['http://127.0.0.1:4105', 'http://localhost:4105']);
  });
});
