import type { IncomingMessage } from 'node:http';
import accepts from 'accepts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Knex } from '../../../shared/db/knex';
import { AppError, badRequest, notFound, unauthorized, unavailable } from '../../../shared/errors';
import type { MediaReader } from '../../../shared/media/site-media';
import type { ConfigRegistry } from '../../../shared/storefront-config/config-registry';
import type { Market } from '../../../shared/storefront-config/schemas';
import type { PublishedConfig } from '../../../shared/storefront-config/site-store';
import { getSite } from '../../../shared/storefront-config/site-store';
import { siteIndexNames } from '../../../indexer/runs/index-names';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import type { SiteCatalogue } from '../catalogue/site-catalogue';
import type { RateLimits } from '../rate-limit/rate-limits';
import { allowOrigin } from '../cors/cors';
import { isBrowserRequest } from './browser';
import type { KeyCache, LiveKey } from './key-cache';

/** Who is asking and what answers: the key's site, its config (the draft for a preview key), market and language. */
export interface SiteContext {
  key: LiveKey;
  preview: boolean;
  catalogue: SiteCatalogue;
  market: Market;
  language: string;
  /** The index alias queries read: the live one, or the preview one for a preview key. */
  alias: string;
  configVersion: string;
  /** This process's source of media descriptors. */
  media: MediaReader;
}

export type SiteContextDeps = {
  db: Knex;
  registry: ConfigRegistry;
  keys: KeyCache;
  catalogues: CatalogueCache;
  limits: RateLimits;
  media: MediaReader;
};

export const contextOf = (res: Response): SiteContext => res.locals.site as SiteContext;

/** Whether the published config this process holds for the key's site contains the key (its version or a later one). */
export const servesKey = (published: PublishedConfig | undefined, key: LiveKey): published is PublishedConfig =>
  published !== undefined && published.version >= key.publishedVersion;

async function catalogueFor(
  deps: SiteContextDeps,
  key: LiveKey,
): Promise<{ catalogue: SiteCatalogue; version: string }> {
  if (key.kind === 'preview') {
    const site = await getSite(deps.db, key.tenantId, key.siteId);
    // X-Config-Version stays the published number the draft builds on (0 before the first publish).
    return {
      catalogue: await deps.catalogues.get(key.tenantId, key.siteId, site.draft, null, site.updatedAt.toISOString()),
      version: String(site.publishedVersion ?? 0),
    };
  }
  const published = deps.registry.get(key.siteId);
  // Published after this process last looked: the key is inert until this process holds a version that contains it.
  if (!servesKey(published, key))
    throw unauthorized('SITE_KEY_INVALID', 'The site key is unknown, revoked or not yet published.');
  return {
    catalogue: await deps.catalogues.get(key.tenantId, key.siteId, published.config, published.version, ''),
    version: String(published.version),
  };
}

function marketOf(req: IncomingMessage, catalogue: SiteCatalogue): Market {
  const code = req.headers['x-market'];
  const market =
    code === undefined || code === '' ? catalogue.defaultMarket : catalogue.markets.find((m) => m.code === code);
  if (market === undefined) {
    throw badRequest(
      'MARKET_UNKNOWN',
      `Unknown market "${code}"; valid markets: ${catalogue.markets.map((m) => m.code).join(', ')}.`,
      { validMarkets: catalogue.markets.map((m) => m.code) },
    );
  }
  return market;
}

/** Accept-Language negotiated against the site's languages (BCP 47), else the market's language. */
function languageOf(req: IncomingMessage, catalogue: SiteCatalogue, market: Market): string {
  if (req.headers['accept-language'] === undefined) return market.language;
  const best = accepts(req).languages(...catalogue.languages);
  return typeof best === 'string' ? best : market.language;
}

/**
 * The context of a request whose key and catalogue are known: no I/O, so the fast lane of cached reads shares it.
 * Throws SITE_INACTIVE and MARKET_UNKNOWN.
 */
export function siteOf(
  req: IncomingMessage,
  key: LiveKey,
  catalogue: SiteCatalogue,
  version: string,
  media: MediaReader,
): SiteContext {
  if (!catalogue.config.site.active || catalogue.markets.length === 0)
    throw notFound('SITE_INACTIVE', 'This shop is switched off, or has no active market.');
  const market = marketOf(req, catalogue);
  const names = siteIndexNames(key.siteId, catalogue.config.site.code);
  return {
    key,
    preview: key.kind === 'preview',
    catalogue,
    market,
    language: languageOf(req, catalogue, market),
    alias: key.kind === 'preview' ? names.previewAlias : names.alias,
    configVersion: version,
    media,
  };
}

/** The key: missing, unknown, from a browser when secret, or over its budget (anonymous budget for bad keys). */
async function authenticate(req: Request, res: Response, deps: SiteContextDeps): Promise<LiveKey> {
  const raw = req.get('X-Site-Key');
  const key = raw === undefined || raw === '' ? null : await deps.keys.lookup(raw);
  if (key === null) {
    await deps.limits.anonymous(req.ip ?? 'unknown');
    if (raw === undefined || raw === '')
      throw unauthorized('SITE_KEY_MISSING', 'Send the site key in the X-Site-Key header.');
    throw unauthorized('SITE_KEY_INVALID', 'The site key is unknown, revoked or not yet published.');
  }
  await deps.limits.key(key.kind, key.id);
  if (key.kind === 'secret' && isBrowserRequest(req)) {
    res.removeHeader('Access-Control-Allow-Origin');
    res.removeHeader('Access-Control-Expose-Headers');
    throw new AppError(403, 'SECRET_KEY_FROM_BROWSER', 'A secret key is for server-to-server calls only.');
  }
  return key;
}

/** Resolves the SiteContext of every /v1 call (spec "Authentication"); its errors are the spec's. */
export function siteContext(deps: SiteContextDeps): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!deps.registry.ready)
      throw unavailable('SITE_REGISTRY_WARMING', 'The service is loading shop configurations; retry shortly.');
    const key = await authenticate(req, res, deps);
    const { catalogue, version } = await catalogueFor(deps, key);
    res.set('X-Config-Version', version);
    // The site's own origins decide now; a secret key got no CORS headers at all (authenticate refused it).
    const origin = req.get('Origin');
    res.removeHeader('Access-Control-Allow-Origin');
    res.removeHeader('Access-Control-Expose-Headers');
    if (origin !== undefined && catalogue.origins.has(origin)) allowOrigin(res, origin);
    res.locals.site = siteOf(req, key, catalogue, version, deps.media);
    next();
  };
}
