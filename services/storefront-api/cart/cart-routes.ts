import type { IncomingMessage } from 'node:http';
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { badRequest } from '../../../shared/errors';
import { contextOf } from '../keys/site-context';
import { CartEncoder } from './cart-json';
import type { CartOperations } from './cart-metrics';
import type { CartService } from './cart-service';
import type { CartView } from './cart-view';

const quantitySchema = z.number().int().positive().max(1_000_000);
// A NUL cannot reach PostgreSQL text, and no SKU holds a control character: the body is wrong, not the catalogue.
const skuSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern refuses
  .regex(/^[^\u0000-\u001f\u007f]*$/);
const marketBody = z.object({ market: z.string().min(1).max(64) });

/** Requests whose JSON body had no bytes: body-parser reads those as `{}`, though no object was sent. */
const emptyBodies = new WeakSet<IncomingMessage>();

function tokenOf(req: Request): string {
  const token = req.get('X-Cart-Token');
  if (token === undefined || token === '')
    throw badRequest('NOT_FOUND', 'Send the cart token in the X-Cart-Token header.');
  return token;
}

/** If-Match as a version: absent or `*` checks nothing; anything that is not a version never matches. */
export function expectedVersion(req: Request): number | null {
  const raw = req.get('If-Match')?.trim();
  if (raw === undefined || raw === '' || raw === '*') return null;
  const match = /^(?:W\/)?"?(\d{1,15})"?$/.exec(raw);
  return match === null ? -1 : Number(match[1]);
}

/**
 * The request's JSON object. No body (an empty application/json one included), another content type (express
 * leaves `req.body` unset) or JSON that is not an object is INVALID_BODY, before any field is looked at: the
 * quantity is not what is wrong.
 */
function bodyOf(req: Request, what: string): Record<string, unknown> {
  const body: unknown = emptyBodies.has(req) ? undefined : req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest('INVALID_BODY', `Send ${what} as a JSON object, with Content-Type: application/json.`);
  return body as Record<string, unknown>;
}

function quantityOf(body: unknown): number {
  const quantity = typeof body === 'object' && body !== null ? (body as { quantity?: unknown }).quantity : undefined;
  const parsed = quantitySchema.safeParse(quantity);
  if (!parsed.success) throw badRequest('INVALID_QUANTITY', 'quantity must be a positive integer.');
  return parsed.data;
}

function parsed<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest('INVALID_BODY', `The body must be ${what}.`);
  return result.data;
}

function send(res: Response, cart: CartView, encoder: CartEncoder, status = 200): void {
  // Encoded once: the length and the bytes written come from the same buffer.
  const body = Buffer.from(encoder.encode(cart));
  res.set({
    'Cache-Control': 'no-store',
    ETag: `"${cart.version}"`,
    'Content-Length': String(body.length),
  });
  // Not res.json: express answers a matching If-None-Match with 304, but a cart is recomputed from the catalogue on
  // every call (spec: the whole cart, GET included), so one version can come back with other prices or lines.
  res.status(status).type('application/json').end(body);
}

/** The add-line body `{sku, quantity}`: the quantity is checked first (INVALID_QUANTITY), then the SKU. */
function newLineOf(req: Request): { sku: string; quantity: number } {
  const body = bodyOf(req, '{sku, quantity}');
  const quantity = quantityOf(body);
  return { sku: parsed(skuSchema, body.sku, '{sku: string without control characters, quantity: integer}'), quantity };
}

/** The Idempotency-Key header; an empty one is none. */
function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get('Idempotency-Key');
  return key === '' ? undefined : key;
}

const marketOf = (req: Request): string => parsed(marketBody, bodyOf(req, '{market}'), '{market: string}').market;

/**
 * The cart routes of spec "Cart rules": every answer is the whole cart, `no-store`, its version as the ETag; each
 * counted by `counted`.
 */
export function cartRoutes(service: CartService, counted: CartOperations): Router {
  const router = Router();
  const encoder = new CartEncoder();
  const answer = (res: Response, cart: CartView, status?: number) => send(res, cart, encoder, status);
  // Only the routes that take a body read one: create, read and remove answer the same whatever bytes come along.
  const json = express.json({
    limit: '16kb',
    verify: (req, _res, bytes) => {
      if (bytes.length === 0) emptyBodies.add(req);
    },
  });
  // Each route reads and checks its input (the token first, then the body), then calls one operation.
  router.post('/v1/cart', counted('create'), async (_req, res) => {
    const cart = await service.create(contextOf(res));
    res.set('X-Cart-Token', cart.token);
    answer(res, cart, 201);
  });
  router.get('/v1/cart', counted('read'), async (req, res) =>
    answer(res, await service.read(contextOf(res), tokenOf(req))),
  );
  router.post('/v1/cart/lines', counted('add_line'), json, async (req, res) => {
    const [ctx, token] = [contextOf(res), tokenOf(req)];
    answer(res, await service.addLine(ctx, token, newLineOf(req), expectedVersion(req), idempotencyKeyOf(req)));
  });
  router.patch('/v1/cart/lines/:id', counted('set_quantity'), json, async (req, res) => {
    const [ctx, token] = [contextOf(res), tokenOf(req)];
    answer(
      res,
      await service.setQuantity(
        ctx,
        token,
        String(req.params.id),
        quantityOf(bodyOf(req, '{quantity}')),
        expectedVersion(req),
      ),
    );
  });
  router.delete('/v1/cart/lines/:id', counted('remove_line'), async (req, res) => {
    const [ctx, token] = [contextOf(res), tokenOf(req)];
    answer(res, await service.removeLine(ctx, token, String(req.params.id), expectedVersion(req)));
  });
  router.post('/v1/cart/market', counted('change_market'), json, async (req, res) => {
    const [ctx, token] = [contextOf(res), tokenOf(req)];
    answer(res, await service.changeMarket(ctx, token, marketOf(req), expectedVersion(req)));
  });
  return router;
}
