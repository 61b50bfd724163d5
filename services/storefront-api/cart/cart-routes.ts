import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError, badRequest } from '../../../shared/errors';
import { contextOf, type SiteContext } from '../keys/site-context';
import type { CartOperations } from './cart-metrics';
import type { CartService, KnownSkus } from './cart-service';
import { newCartToken, type MutationResult } from './cart-store';
import type { CartView, CartWarning } from './cart-view';

/** Spec "Limits": a cart holds at most this many distinct lines. */
export const CART_LINE_LIMIT = 50;

const quantitySchema = z.number().int().positive().max(1_000_000);
// A NUL cannot reach PostgreSQL text, and no SKU holds a control character: the body is wrong, not the catalogue.
const skuSchema = z.string().trim().min(1).max(100).regex(/^[^\u0000-\u001f\u007f]*$/);
const marketBody = z.object({ market: z.string().min(1).max(64) });

/** Requests whose JSON body had no bytes: body-parser reads those as `{}`, though no object was sent. */
const emptyBodies = new WeakSet<IncomingMessage>();

function tokenOf(req: Request): string {
  const token = req.get('X-Cart-Token');
  if (token === undefined || token === '') throw badRequest('NOT_FOUND', 'Send the cart token in the X-Cart-Token header.');
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
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('INVALID_BODY', `Send ${what} as a JSON object, with Content-Type: application/json.`);
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

function send(res: Response, cart: CartView, status = 200): void {
  const body = JSON.stringify(cart);
  res.set({ 'Cache-Control': 'no-store', ETag: `"${cart.version}"`, 'Content-Length': String(Buffer.byteLength(body)) });
  // Not res.json: express answers a matching If-None-Match with 304, but a cart is recomputed from the catalogue on
  // every call (spec: the whole cart, GET included), so one version can come back with other prices or lines.
  res.status(status).type('application/json').end(body);
}

async function addLine(service: CartService, req: Request, ctx: SiteContext, token: string): Promise<CartView> {
  const body = bodyOf(req, '{sku, quantity}');
  const quantity = quantityOf(body);
  const sku = parsed(skuSchema, body.sku, '{sku: string without control characters, quantity: integer}');
  const key = req.get('Idempotency-Key');
  const idempotency = key === undefined || key === '' ? undefined : { key, fingerprint: createHash('sha256').update(JSON.stringify([sku, quantity])).digest('hex') };
  if (idempotency !== undefined) {
    // A retry answers from its record without touching the catalogue; the script checks it again atomically.
    const seen = await service.store.recorded(token, idempotency.key);
    if (seen !== null && seen.cart.site === ctx.key.siteId) return service.outcome(ctx, token, seen.fingerprint === idempotency.fingerprint ? { kind: 'replay', cart: seen.cart } : { kind: 'error', error: 'REUSED', cart: seen.cart });
  }
  let result: MutationResult = { kind: 'error', error: 'EXPIRED' };
  let known: KnownSkus | undefined;
  // A market change between the read and the script makes the script refuse; the line is then priced again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const cart = await service.load(ctx, token);
    const market = service.marketOf(ctx, cart.market);
    const skus = await service.resolve(ctx, market, [...cart.lines.map((l) => l.sku), sku]);
    known = { market: market.code, skus };
    const found = skus.get(sku) ?? null;
    if (found === null) throw new AppError(404, 'PRODUCT_NOT_FOUND', `No product with SKU "${sku}" on market ${market.code}.`);
    const change = { t: 'add' as const, sku, q: quantity, max: found.stock, limit: CART_LINE_LIMIT, m: cart.market, p: found.price.amount, c: found.price.currency };
    result = await service.store.mutate(token, { site: ctx.key.siteId, expected: expectedVersion(req), change, idempotency });
    if (result.kind !== 'error' || result.error !== 'MARKET') break;
  }
  return service.outcome(ctx, token, result, { known });
}

async function changeMarket(service: CartService, req: Request, ctx: SiteContext, token: string): Promise<CartView> {
  const code = parsed(marketBody, bodyOf(req, '{market}'), '{market: string}').market;
  const market = ctx.catalogue.markets.find((m) => m.code === code);
  if (market === undefined) throw badRequest('MARKET_UNKNOWN', `Unknown market "${code}"; valid markets: ${ctx.catalogue.markets.map((m) => m.code).join(', ')}.`, { validMarkets: ctx.catalogue.markets.map((m) => m.code) });
  const cart = await service.load(ctx, token);
  const resolved = await service.resolve(ctx, market, cart.lines.map((l) => l.sku));
  const drop: Record<string, true> = {};
  const price: Record<string, { p: string; c: string }> = {};
  const warnings: CartWarning[] = [];
  for (const line of cart.lines) {
    const now = resolved.get(line.sku) ?? null;
    if (now === null || now.stock <= 0) {
      drop[line.id] = true;
      warnings.push({ code: 'PRODUCT_GONE', lineId: line.id });
    } else price[line.id] = { p: now.price.amount, c: now.price.currency };
  }
  const result = await service.store.mutate(token, { site: ctx.key.siteId, expected: expectedVersion(req), change: { t: 'market', m: code, drop, cut: {}, price } });
  return service.outcome(ctx, token, result, { warnings, known: { market: code, skus: resolved } });
}

async function setQuantity(service: CartService, req: Request, ctx: SiteContext, token: string): Promise<CartView> {
  const quantity = quantityOf(bodyOf(req, '{quantity}'));
  const id = String(req.params.id);
  const cart = await service.load(ctx, token);
  const expected = expectedVersion(req);
  const line = cart.lines.find((l) => l.id === id);
  // Line ids are never reused, so a line missing now stays missing: the script answers the version check first, then 404.
  const market = service.marketOf(ctx, cart.market);
  const skus = await service.resolve(ctx, market, cart.lines.map((l) => l.sku));
  const known = { market: market.code, skus };
  const found = line === undefined ? undefined : (skus.get(line.sku) ?? null);
  if (found === null) {
    // A line no longer sold takes no new quantity: the answer drops it with PRODUCT_GONE.
    if (expected !== null && expected !== cart.v) return service.outcome(ctx, token, { kind: 'error', error: 'CONFLICT', cart }, { known });
    return service.render(ctx, token, cart, { persist: true, known });
  }
  const result = await service.store.mutate(token, { site: ctx.key.siteId, expected, change: { t: 'set', id, q: quantity, max: found?.stock ?? 0 } });
  return service.outcome(ctx, token, result, { known });
}

/** The cart routes of spec "Cart rules": every answer is the whole cart, `no-store`, its version as the ETag; each counted by `counted`. */
export function cartRoutes(service: CartService, counted: CartOperations): Router {
  const router = Router();
  // Only the routes that take a body read one: create, read and remove answer the same whatever bytes come along.
  const json = express.json({
    limit: '16kb',
    verify: (req, _res, bytes) => {
      if (bytes.length === 0) emptyBodies.add(req);
    },
  });
  router.post('/v1/cart', counted('create'), async (_req, res) => {
    const ctx = contextOf(res);
    const token = newCartToken();
    const cart = await service.store.create(token, ctx.key.siteId, ctx.market.code);
    res.set('X-Cart-Token', token);
    send(res, await service.render(ctx, token, cart, { persist: false }), 201);
  });
  router.get('/v1/cart', counted('read'), async (req, res) => {
    const ctx = contextOf(res);
    const token = tokenOf(req);
    send(res, await service.render(ctx, token, await service.load(ctx, token), { persist: true }));
  });
  router.post('/v1/cart/lines', counted('add_line'), json, async (req, res) => send(res, await addLine(service, req, contextOf(res), tokenOf(req))));
  router.patch('/v1/cart/lines/:id', counted('set_quantity'), json, async (req, res) => send(res, await setQuantity(service, req, contextOf(res), tokenOf(req))));
  router.delete('/v1/cart/lines/:id', counted('remove_line'), async (req, res) => {
    const ctx = contextOf(res);
    const token = tokenOf(req);
    send(res, await service.outcome(ctx, token, await service.store.mutate(token, { site: ctx.key.siteId, expected: expectedVersion(req), change: { t: 'del', id: String(req.params.id) } })));
  });
  router.post('/v1/cart/market', counted('change_market'), json, async (req, res) => send(res, await changeMarket(service, req, contextOf(res), tokenOf(req))));
  return router;
}
