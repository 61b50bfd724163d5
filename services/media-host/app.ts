import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import send from 'send';
import type { Logger } from '../../shared/logger';
import { parseMediaPath, type MediaRequest } from '../../shared/media/media-urls';
import type { Manifest } from '../../shared/media/manifest';
import { ORIGINAL, renditionName, videoName, type RenditionStore } from '../../shared/media/rendition-store';

export interface MediaHostDeps {
  store: RenditionStore;
  logger: Logger;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const IMAGE_TYPES: Record<string, string> = { avif: 'image/avif', jpeg: 'image/jpeg' };
const VIDEO_TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm' };

/** A file the host may send: found only through a manifest, never through the URL's text. */
type Target = { name: string; type: string; disposition?: string };

async function resolveTarget(store: RenditionStore, req: MediaRequest): Promise<Target | null> {
  const kind = req.route === 'image' ? 'image' : req.route === 'file' ? 'file' : 'video';
  const manifest: Manifest | null = await store.manifest(req.hex, req.recipe, kind);
  if (manifest === null) return null;
  if ((req.route === 'image' || req.route === 'poster') && manifest.kind !== 'file') {
    if (!manifest.widths.includes(req.width) || !manifest.formats.includes(req.format)) return null;
    return { name: renditionName(req.width, req.format), type: IMAGE_TYPES[req.format]! };
  }
  if (req.route === 'video' && manifest.kind === 'video') {
    const announced = manifest.variants.some((v) => v.name === req.variant && v.format === req.format);
    return announced ? { name: videoName(req.variant, req.format), type: VIDEO_TYPES[req.format] ?? 'application/octet-stream' } : null;
  }
  if (req.route === 'file' && manifest.kind === 'file' && (await store.isAnnounced(req.hex, req.recipe, req.filename))) {
    const disposition = manifest.mime === 'application/pdf' ? 'inline' : 'attachment';
    return { name: ORIGINAL, type: manifest.mime, disposition: `${disposition}; filename*=UTF-8''${encodeURIComponent(req.filename)}` };
  }
  return null;
}

type SendError = Error & { status?: number; headers?: Record<string, string> };

/** A failure `send` reports before any byte is written: the success headers go, an error answer is never cached. */
function sendFailed(res: ServerResponse, err: SendError, logger: Logger, url: string | undefined): void {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  const status = err.status ?? 500;
  if (status === 404) return notFound(res);
  if (status >= 500) logger.error({ err, url }, 'media file could not be sent');
  for (const [name, value] of Object.entries(err.headers ?? {})) res.setHeader(name, value);
  res.statusCode = status;
  res.setHeader('Cache-Control', 'no-store');
  res.end();
}

function notFound(res: ServerResponse): void {
  res.statusCode = 404;
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('Not Found');
}

/** Serves one media URL: 404 unless a manifest announces it; ETag, long-lived caching, Range and conditional requests. */
export function mediaHandler(deps: MediaHostDeps) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      res.statusCode = 405;
      res.end();
      return;
    }
    const rawPath = (req.url ?? '').split('?')[0] ?? '';
    const parsed = parseMediaPath(rawPath);
    const target = parsed === null ? null : await resolveTarget(deps.store, parsed);
    if (parsed === null || target === null) return notFound(res);
    res.setHeader('Content-Type', target.type);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Content-addressed: the same URL always names the same bytes, so the ETag is strong and derived from the URL's parts.
    res.setHeader('ETag', `"${parsed.hex}-${parsed.recipe}-${target.name}"`);
    if (target.disposition) res.setHeader('Content-Disposition', target.disposition);
    send(req, deps.store.filePath(parsed.hex, parsed.recipe, target.name), { etag: false, lastModified: false, cacheControl: false, dotfiles: 'allow', acceptRanges: true })
      .on('error', (err: SendError) => sendFailed(res, err, deps.logger, req.url))
      .pipe(res);
  };
}

/**
 * The media host: `/healthz` and `/readyz`, then the four media routes. A plain request listener: express's
 * routing would only add cost in front of one handler.
 */
export function createApp(deps: MediaHostDeps): RequestListener {
  const handle = mediaHandler(deps);
  return (req, res) => {
    if (req.url === '/healthz' || req.url === '/readyz') {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify({ status: 'ok' }));
      return;
    }
    handle(req, res).catch((err: unknown) => {
      deps.logger.error({ err, url: req.url }, 'media request failed');
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
}
