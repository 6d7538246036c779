import express from 'express';
import { compressAnswers } from '../cache/compress.js';
import type { TrustProxy } from '../config.js';
import { knownHostsOnly } from '../http/known-hosts.js';
import { siteRouter, type SiteOptions } from './routes.js';

/**
 * The standalone site: compressed answers, the site router, a plain 404 for anything else.
 * `loopbackOnly`: the Auth emulator is trusted, so only loopback's names and SITE_URL's are answered.
 */
export function createSiteApp(
  options: SiteOptions & { loopbackOnly?: boolean; trustProxy?: TrustProxy },
): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // A reverse proxy may front the site (TRUST_PROXY; unset, none: a visitor is the connection's
  // address); visitors' addresses go on to the API over the authenticated hop (site/source.ts).
  app.set('trust proxy', options.trustProxy ?? false);
  if (options.loopbackOnly) app.use(knownHostsOnly([options.siteUrl]));
  app.use(compressAnswers());
  app.use(siteRouter(options));
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return app;
}
