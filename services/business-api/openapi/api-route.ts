import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type AnyObject = z.ZodObject;

/** One documented response of a route; no schema means no body (204). */
export type RouteResponse = { description: string; schema?: z.ZodType; contentType?: string };

/**
 * One endpoint, described once: the express route (bound through `validate`) and its OpenAPI operation are
 * both built from it, so the machine description cannot drift from what the server accepts and answers.
 * `path` uses OpenAPI templating (`/sales-orders/{id}`), relative to `/api/v1`.
 */
export type ApiRoute<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
> = {
  method: Method;
  path: string;
  operationId: string;
  summary: string;
  /** The operation's longer description in the document; the summary when left out. */
  description?: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The body may be left out: a request without one binds as JSON null (the spec's "body ... (or null)"). */
  optionalBody?: boolean;
  /**
   * Middleware run before binding (e.g. `requirePermission`), so a caller without the right gets 403 before any 400.
   */
  guards?: RequestHandler[];
  /**
   * Success and route-specific error responses; the shared ones (400 problem or ErrorEnvelope, 401, 500) are added
   * for every route. A route's response for a shared status adds or replaces content types of the shared one.
   */
  responses: Record<number, RouteResponse>;
  handler: (
    req: Request<z.output<P>, unknown, z.output<B>, z.output<Q>>,
    res: Response,
    next: NextFunction,
  ) => Promise<void> | void;
};

/** Type-checks a route's handler against its own schemas; returns the route unchanged. */
export function defineRoute<P extends AnyObject, Q extends AnyObject, B extends z.ZodType>(
  route: ApiRoute<P, Q, B>,
): ApiRoute<P, Q, B> {
  return route;
}

/** A route of any schemas, as routers and the document builder take them. */
// The handler is contravariant in its request type, so a list of routes is stored with erased schemas.
export type AnyApiRoute = Omit<ApiRoute, 'handler'> & { handler: ApiRoute['handler'] };

/** Erases a route's schema types so routes of every resource fit in one list. */
export const anyRoute = <P extends AnyObject, Q extends AnyObject, B extends z.ZodType>(
  route: ApiRoute<P, Q, B>,
): AnyApiRoute => route as unknown as AnyApiRoute;

/** `/sales-orders/{id}/lines/{lineId}` -> `/sales-orders/:id/lines/:lineId` */
export const expressPath = (path: string): string => path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
