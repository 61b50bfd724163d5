import { Router } from 'express';
import { mediaBlock } from '../../../shared/media/media-urls';
import { cacheControl, sendPrepared } from '../http/cached-json';
import { prepareBody } from '../http/micro-cache';
import { contextOf } from '../keys/site-context';

/** `GET /v1/site`: the site, its markets, configVersion, urlPatterns and the media block. */
export function siteRoutes(mediaBaseUrl: string): Router {
  const router = Router();
  router.get('/v1/site', (req, res) => {
    const ctx = contextOf(res);
    const { catalogue, market, language, preview, configVersion, key } = ctx;
    const { site } = catalogue.config;
    sendPrepared(
      req,
      res,
      prepareBody({
        site: {
          id: String(key.siteId),
          code: site.code,
          name: site.name,
          languages: catalogue.languages,
          defaultMarket: catalogue.defaultMarket?.code ?? null,
        },
        markets: catalogue.markets.map((m) => ({
          code: m.code,
          language: m.language,
          currency: m.currency,
          country: m.country,
          urlTemplate: m.urlTemplate,
          isDefault: m.isDefault,
          brandPages: m.brandUrlPattern !== null,
        })),
        market: market.code,
        language,
        configVersion: Number(configVersion),
        preview,
        urlPatterns: site.urlPatterns,
        media: mediaBlock(mediaBaseUrl),
      }),
      { cacheControl: cacheControl(ctx) },
    );
  });
  return router;
}
