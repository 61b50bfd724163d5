import { Router, type RequestHandler } from 'express';
import { validate } from '../http/validate';
import { expressPath, type AnyApiRoute } from './api-route';

/**
 * An express router serving the routes, each bound through its own zod schemas first.
 * Express 5 passes a handler's rejected promise on to the error middleware.
 */
export function mountRoutes(routes: readonly AnyApiRoute[]): Router {
  const router = Router();
  for (const route of routes) {
    const bind = validate({
      params: route.params,
      query: route.query,
      body: route.body,
      optionalBody: route.optionalBody,
    }) as RequestHandler;
    router[route.method](expressPath(route.path), ...(route.guards ?? []), bind, route.handler as RequestHandler);
  }
  return router;
}
