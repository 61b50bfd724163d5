import type { Express } from 'express';

/**
 * Which operations an API has, read two ways: from its OpenAPI document, and from the express router that
 * actually serves requests. Suites that claim to cover "every route" enumerate the document, and compare it with
 * the router, so a route mounted without being documented cannot slip past them.
 */

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';
const METHODS: readonly string[] = ['get', 'post', 'patch', 'put', 'delete'];

export type DocumentedOperation<O> = { method: HttpMethod; template: string; op: O; key: string };

/** `get /v1/products/{slugOrId}`: one operation, as both inventories name it. */
export const operationKey = (method: string, template: string): string => `${method.toLowerCase()} ${template}`;

/** Every operation of an OpenAPI document, in document order. */
export function documentedOperations<O>(
  document: { paths: Record<string, Record<string, O>> },
  prefix = '',
): DocumentedOperation<O>[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({
        method: method as HttpMethod,
        template: `${prefix}${path}`,
        op,
        key: operationKey(method, `${prefix}${path}`),
      })),
  );
}

// The parts of express 5's router (the `router` package) walked here; it exports no types for them.
type Layer = {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};

const hasStack = (value: unknown): value is { stack: Layer[] } =>
  (typeof value === 'function' || typeof value === 'object') &&
  value !== null &&
  'stack' in value &&
  Array.isArray(value.stack);

function walk(stack: readonly Layer[], prefix: string, out: string[]): void {
  for (const layer of stack) {
    if (layer.route !== undefined) {
      if (typeof layer.route.path !== 'string')
        throw new Error(`a route with a non-string path under ${prefix || '/'}: list it by hand`);
      const template = `${prefix}${layer.route.path}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on && METHODS.includes(method)) out.push(operationKey(method, template));
    } else if (layer.handle?.stack !== undefined) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      walk(layer.handle.stack, `${prefix}${mount}`, out);
    }
  }
}

/** Every `method template` the app's routers register (path parameters written `{name}`), sorted, without repeats. */
export function routedOperations(app: Express): string[] {
  // Express 5 keeps its root router as `app.router`, which its type declarations leave out.
  const router: unknown = Reflect.get(app, 'router');
  if (!hasStack(router)) throw new Error('app.router has no layer stack: has express changed its internals?');
  const out: string[] = [];
  walk(router.stack, '', out);
  return [...new Set(out)].sort();
}
