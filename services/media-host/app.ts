import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import send from 'send';
import type { Logger } from '../../shared/logger';
import { MEDIA_TEMPLATES, parseMediaPath, type MediaRequest } from '../../shared/media/media-urls';
import type { ImageFormat } from '../../shared/media/recipe';
import { observeRequest, requestDurations } from '../../shared/metrics/http-metrics';
import { METRICS_PATH, sendMetrics } from '../../shared/metrics/metrics-routes';
import { createMetricsRegistry } from '../../shared/metrics/registry';
import { UNMATCHED_ROUTE } from '../../shared/metrics/route-label';
import type { Manifest } from '../../shared/media/manifest';
import { ORIGINAL, renditionName, videoName, type RenditionStore } from '../../shared/media/rendition-store';

export interface MediaHostDeps {
  store: RenditionStore;
  logger: Logger;
  /** The process's metrics, served at /metrics; left out, the app keeps a registry of its own. */
  metrics?: Registry;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const IMAGE_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', jpeg: 'image/jpeg' };
const VIDEO_TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm' };

/** A file the host may send: found only through a manifest, never through the URL's text. */
type Target = { name: string; type: string; disposition?: string };

async function resolveTarget(store: RenditionStore, req: MediaRequest): Promise<Target | null> {
  const kind = req.route === 'image' ? 'image' : req.route === 'file' ? 'file' : 'video';
  const manifest: Manifest | null = await store.manifest(req.hex, req.recipe, kind);
  if (manifest === null) return null;
  if ((req.route === 'image' || req.route === 'poster') && manifest.kind !== 'file') {
    if (!manifest.widths.includes(req.width) || !manifest.formats.includes(req.format)) return null;
    return { name: renditionName(req.width, req.format), type: IMAGE_TYPES[req.format] };
  }
  if (req.route === 'video' && manifest.kind === 'video') {
    const announced = manifest.variants.some((v) => v.name === req.variant && v.format === req.format);
    return announced
      ? { name: videoName(req.variant, req.format), type: VIDEO_TYPES[req.format] ?? 'application/octet-stream' }
      : null;
  }
  if (
    req.route === 'file' &&
    manifest.kind === 'file' &&
    (await store.isAnnounced(req.hex, req.recipe, req.filename))
  ) {
    const disposition = manifest.mime === 'application/pdf' ? 'inline' : 'attachment';
    return {
      name: ORIGINAL,
      type: manifest.mime,
      disposition: `${disposition}; filename*=UTF-8''${encodeURIComponent(req.filename)}`,
    };
  }
  return null;
}

type SendError = Error & { status?: number; headers?: Record<string, string> };

/** A failure `send` reports before any byte is written: the success headers go, an error answer is never cached. */
function sendFailed(res: ServerResponse, err: SendError, logger: Logger, url: string | undefined): void {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  const status = err.status ?? 500;
  if (status === 404) {
    notFound(res);
    return;
  }
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

const pathOf = (req: IncomingMessage): string => (req.url ?? '').split('?')[0] ?? '';

/**
 * Serves one media URL: 404 unless a manifest announces it; ETag, long-lived caching, Range and conditional requests.
 */
export function mediaHandler(deps: MediaHostDeps) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      res.statusCode = 405;
      res.end();
      return;
    }
    const parsed = parseMediaPath(pathOf(req));
    const target = parsed === null ? null : await resolveTarget(deps.store, parsed);
    if (parsed === null || target === null) return notFound(res);
    res.setHeader('Content-Type', target.type);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Content-addressed: the same URL always names the same bytes, so the ETag is strong and derived from the URL's
    // parts.
    res.setHeader('ETag', `"${parsed.hex}-${parsed.recipe}-${target.name}"`);
    if (target.disposition) res.setHeader('Content-Disposition', target.disposition);
    send(req, deps.store.filePath(parsed.hex, parsed.recipe, target.name), {
      etag: false,
      lastModified: false,
      cacheControl: false,
      dotfiles: 'allow',
      acceptRanges: true,
    })
      .on('error', (err: SendError) => sendFailed(res, err, deps.logger, req.url))
      .pipe(res);
  };
}

/** A media request's label: the template it matched, never its URL. */
function mediaRoute(req: IncomingMessage): string {
  const parsed = parseMediaPath(pathOf(req));
  return parsed === null ? UNMATCHED_ROUTE : MEDIA_TEMPLATES[parsed.route];
}

/**
 * The media host: `/healthz`, `/readyz` and `/metrics`, then the four media routes, each observed by template.
 * A plain request listener: express's routing would only add cost in front of one handler.
 */
export function createApp(deps: MediaHostDeps): RequestListener {
  const handle = mediaHandler(deps);
  const metrics = deps.metrics ?? createMetricsRegistry('media-host');
  const durations = requestDurations(metrics);
  return (req, res) => {
    if (req.url === '/healthz' || req.url === '/readyz') {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify({ status: 'ok' }));
      return;
    }
    if (req.url === METRICS_PATH && req.method === 'GET') {
      sendMetrics(metrics, res).catch((err: unknown) => {
        deps.logger.error({ err }, 'metrics could not be collected');
        res.statusCode = 500;
        res.end();
      });
      return;
    }
    observeRequest(durations, req, res, () => mediaRoute(req));
    handle(req, res).catch((err: unknown) => {
      deps.logger.error({ err, url: req.url }, 'media request failed');
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
}
