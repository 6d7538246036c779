import { Router } from 'express';
import { compressAnswers } from '../cache/compress.js';
import type { RouteContext } from '../context.js';
import type { LiveEvents } from '../events/live.js';
import { busChanges } from './changes.js';
import { defaultDistDir, siteRouter } from './routes.js';
import { serviceSource } from './source.js';

/**
 * The site inside the API (SERVE_CLIENT=true): article data straight from the articles service,
 * and the site's origin is the API's PUBLIC_URL. The API compresses only its JSON answers, so the
 * site's pages and assets get the compression middleware here. The site hears of public changes on
 * the app's event bus; its first screens carry the live streams' position they were read at.
 */
export function mountedSite(ctx: RouteContext, live: LiveEvents): Router {
  const site = siteRouter({
    source: serviceSource(ctx.services.answers),
    distDir: ctx.config.clientDistDir ?? defaultDistDir(),
    siteUrl: ctx.config.publicUrl,
    logger: ctx.logger,
    now: () => ctx.clock.now(),
    missGuard: (req, res) => ctx.limits.publicReads.guard(req, res),
    changes: busChanges(live.bus, () => live.streams.lastId),
    production: ctx.config.env === 'production',
    connectSrc: ctx.config.siteConnectSrc,
    imgSrc: ctx.config.siteImgSrc,
  });
  return Router().use(compressAnswers(), site);
}
