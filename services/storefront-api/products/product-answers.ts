import type { Request, Response } from 'express';
import { routeLabel } from '../../../shared/metrics/route-label';
import type { SearchEngine } from '../../../shared/search';
import type { FeedCache } from '../freshness/feed-cache';
import { cacheControl, readKey, sendPrepared, sendRead, servingToken } from '../http/cached-json';
import { prepareBody, type CachedRead, type MicroCache } from '../http/micro-cache';
import type { SiteContext } from '../keys/site-context';

/** A kept product read, and the serving token of the engine cards it shows (null: it shows none). */
export type ProductRead = CachedRead & { token: string | null };

/**
 * Where product reads are kept: answers until a product they show changes, or the engine serves a new generation of
 * the cards they show; a preview key's in the micro-cache.
 */
export type ProductAnswers = { answers: FeedCache<ProductRead>; micro: MicroCache; engine: SearchEngine };

/**
 * An answer, every product it shows from the held products (its price, stock or text being in the answer), and the
 * serving token of the cards it shows from the engine, if any.
 */
export type ProductAnswer<T> = { answer: T; products: readonly number[]; token?: string | null };

/** Whether a kept read is current for the request: it shows no engine cards, or those the engine serves now. */
export const currentFor =
  (engine: SearchEngine, ctx: SiteContext) =>
  (read: ProductRead): boolean =>
    read.token === null || read.token === servingToken(engine, ctx);

/**
 * Sends a read of products: kept until the change log names a product it shows, so it is no staler than the
 * freshness bound (ChangeFollower), and while the engine serves the cards it shows; the fast lane answers it from
 * there ahead of express.
 */
export async function sendProductRead<T>(
  req: Request,
  res: Response,
  caches: ProductAnswers,
  ctx: SiteContext,
  compute: () => Promise<ProductAnswer<T>>,
): Promise<void> {
  if (ctx.preview) {
    await sendRead(req, res, caches.micro, ctx, async () => (await compute()).answer);
    return;
  }
  const route = routeLabel(req.baseUrl, req.route?.path);
  const read = await caches.answers.get(
    readKey(ctx, req.originalUrl),
    ctx.key.tenantId,
    async () => {
      const { answer, products, token = null } = await compute();
      const body = prepareBody(answer);
      return { value: { body, route, token }, products, bytes: body.json.length };
    },
    currentFor(caches.engine, ctx),
  );
  sendPrepared(req, res, read.body, { cacheControl: cacheControl(ctx) });
}
