/** The route label of a request no route answered (auth, rate limits and 404s before any route matched). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The pattern a request matched (`/v1/products/:slugOrId`), never its URL: a label per URL would grow without
 * bound. `baseUrl` is where the matching router is mounted; mounts carry no parameters, so it is a fixed path.
 */
export function routeLabel(baseUrl: string, routePath: unknown): string {
  if (Array.isArray(routePath) && routePath.length > 0) {
    const labels = routePath.map((p: unknown) => routeLabel(baseUrl, p));
    return labels.includes(UNMATCHED_ROUTE) ? UNMATCHED_ROUTE : labels.join('|');
  }
  const pattern = typeof routePath === 'string' ? routePath : routePath instanceof RegExp ? routePath.source : null;
  if (pattern === null) return UNMATCHED_ROUTE;
  // A router's own root (`router.get('/')` under `/api/v1`) is the mount path itself.
  const joined = pattern === '/' ? baseUrl : `${baseUrl}${pattern}`;
  return joined === '' ? '/' : joined;
}
