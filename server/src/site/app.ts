import express from 'express';
import { compressAnswers } from '../cache/compress.js';
import { knownHostsOnly } from '../http/known-hosts.js';
import { siteRouter, type SiteOptions } from './routes.js';

/**
 * The standalone site: compressed answers, the site router, a plain 404 for anything else.
 * `loopbackOnly`: the Auth emulator is trusted, so only loopback's names and SITE_URL's are answered.
 */
export function createSiteApp(
  options: SiteOptions & { loopbackOnly?: boolean; trustProxy?: number | string[] },
): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // A reverse proxy may front the site (TRUST_PROXY, default loopback); visitors' addresses go on to
  // the API.
  app.set('trust proxy', options.trustProxy ?? ['loopback']);
  if (options.loopbackOnly) app.use(knownHostsOnly([options.siteUrl]));
  app.use(compressAnswers());
  app.use(siteRouter(options));
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return app;
}
