import express from 'express';
import { compressAnswers } from '../cache/compress.js';
import { siteRouter, type SiteOptions } from './routes.js';

/** The standalone site: compressed answers, the site router, a plain 404 for anything else. */
export function createSiteApp(options: SiteOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // A reverse proxy on this machine may front the site; visitors' addresses go on to the API.
  app.set('trust proxy', 'loopback');
  app.use(compressAnswers());
  app.use(siteRouter(options));
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return app;
}
