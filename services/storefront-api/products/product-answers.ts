import type { Request, Response } from 'express';
import { routeLabel } from '../../../shared/metrics/route-label';
import type { FeedCache } from '../freshness/feed-cache';
import { cacheControl, readKey, sendPrepared, sendRead } from '../http/cached-json';
import { prepareBody, type CachedRead, type MicroCache } from '../http/micro-cache';
import type { SiteContext } from '../keys/site-context';

/** Where product reads are kept: answers until a product they show changes; a preview key's in the micro-cache. */
export type ProductAnswers = { answers: FeedCache<CachedRead>; micro: MicroCache };

/** An answer and every product it shows (its price, stock or text being in the answer). */
export type ProductAnswer<T> = { answer: T; products: readonly number[] };

/**
 * Sends a read of products: kept until the change log names a product it shows, so it is no staler than the
 * freshness bound (ChangeFollower); the fast lane answers it from there ahead of express.
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
  const read = await caches.answers.get(readKey(ctx, req.originalUrl), ctx.key.tenantId, async () => {
    const { answer, products } = await compute();
    const body = prepareBody(answer);
    return { value: { body, route }, products, bytes: body.json.length };
  });
  sendPrepared(req, res, read.body, { cacheControl: cacheControl(ctx) });
}
