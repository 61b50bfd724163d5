import { routeLabel, UNMATCHED_ROUTE } from '../../../../shared/metrics/route-label';

describe('routeLabel', () => {
  it('joins the mount path and the route pattern, keeping parameters as patterns', () => {
    expect(routeLabel('', '/v1/products/:slugOrId')).toBe('/v1/products/:slugOrId');
    expect(routeLabel('/api/v1', '/sales-orders/:id')).toBe('/api/v1/sales-orders/:id');
  });

  it("names a router's root route by its mount path, and the app's root as /", () => {
    expect(routeLabel('/api/v1', '/')).toBe('/api/v1');
    expect(routeLabel('', '/')).toBe('/');
  });

  it('labels a regular-expression route by its source and a route with several paths by each', () => {
    expect(routeLabel('/v1', /^\/x\d+$/)).toBe('/v1^\\/x\\d+$');
    expect(routeLabel('/v1', ['/a', '/b/:id'])).toBe('/v1/a|/v1/b/:id');
  });

  it('is the fixed unmatched label when no route matched', () => {
    expect(routeLabel('', undefined)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel('/v1', 42)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel('/v1', [])).toBe(UNMATCHED_ROUTE);
    expect(routeLabel('/v1', ['/a', 7])).toBe(UNMATCHED_ROUTE);
  });
});
