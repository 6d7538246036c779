import { Router } from 'express';
import { compressAnswers } from '../cache/compress.js';
import { NotFound } from '../errors.js';
import { DOCS_ASSETS, DOCS_CSP, docsPage } from './assets.js';
import { API_TITLE, openApiDocument } from './document.js';

/** GET /openapi.json (the document) and GET /docs (the reference page, with its scripts and styles). */
export function openApiRoutes(): Router {
  const router = Router();

  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(openApiDocument());
  });

  router.get('/docs', (req, res) => {
    // The page's links are relative to /docs; under /docs/ they would miss.
    if (req.path.endsWith('/')) return res.redirect(301, '../docs');
    res
      .set('Content-Security-Policy', DOCS_CSP)
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(docsPage(API_TITLE));
  });

  router.get('/docs/assets/:file', compressAnswers(), (req, res, next) => {
    const file = String(req.params.file);
    const asset = Object.hasOwn(DOCS_ASSETS, file) ? DOCS_ASSETS[file] : undefined;
    if (!asset) return next(new NotFound('No such file'));
    // Revalidated by ETag: a new swagger-ui-dist ships under the same name.
    res.set('Content-Type', asset.contentType).set('Cache-Control', 'no-cache').send(asset.body());
  });

  return router;
}
