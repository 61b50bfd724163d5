import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { Histogram, type Registry } from 'prom-client';
import { routeLabel, UNMATCHED_ROUTE } from './route-label';

export type RequestDurations = Histogram<'method' | 'route' | 'status'>;

/** Seconds; finer at the low end than prom-client's defaults, where cached storefront reads answer. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function requestDurations(registry: Registry): RequestDurations {
  return new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its response being written, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
    registers: [registry],
  });
}

/**
 * Observes the request once its response is written, under the route `routeOf` names then. A request the client
 * abandons before its answer is not observed: it has no status.
 */
export function observeRequest(
  durations: RequestDurations,
  req: IncomingMessage,
  res: ServerResponse,
  routeOf: () => string,
): void {
  const end = durations.startTimer();
  res.once('finish', () => end({ method: req.method ?? 'UNKNOWN', route: routeOf(), status: String(res.statusCode) }));
}

const ROUTE = Symbol('route');
const MOUNT = Symbol('route mount');
type Labelled = { [ROUTE]?: { path?: unknown }; [MOUNT]?: string; baseUrl: string };
const labelled = new WeakSet<object>();

/**
 * Makes `route` on the app's request prototype an accessor that keeps the mount (`baseUrl`) when the router
 * assigns the route, since express restores `baseUrl` when an error leaves the router. Once per prototype, not
 * per request: an accessor defined on each request turns every request object into a slow dictionary, which cost
 * the storefront's cached reads 13% of their rate.
 */
function labelRoutesOn(proto: object): void {
  if (labelled.has(proto)) return;
  labelled.add(proto);
  Object.defineProperty(proto, 'route', {
    configurable: true,
    get(this: Labelled) {
      return this[ROUTE];
    },
    set(this: Labelled, value: { path?: unknown } | undefined) {
      this[ROUTE] = value;
      this[MOUNT] = this.baseUrl;
    },
  });
}

/**
 * Express middleware observing every later request by its route pattern. Express keeps the matched route's path
 * relative to its router and restores `baseUrl` when an error leaves the router, so the mount is taken at the
 * moment the router assigns `req.route`; the label is made once the response is written.
 */
export function httpMetrics(durations: RequestDurations): RequestHandler {
  return (req, res, next) => {
    labelRoutesOn(Object.getPrototypeOf(req) as object);
    const request = req as unknown as Labelled;
    observeRequest(durations, req, res, () =>
      request[ROUTE] === undefined ? UNMATCHED_ROUTE : routeLabel(request[MOUNT] ?? '', request[ROUTE].path),
    );
    next();
  };
}
