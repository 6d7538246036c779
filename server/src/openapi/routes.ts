import { Router, type RequestHandler } from 'express';
import { metaOperations as op } from '@newsroom/common/api/platform';
import { compressAnswers } from '../cache/compress.js';
import { NotFound } from '../errors.js';
import { DOCS_ASSETS, DOCS_CSP, docsPage } from './assets.js';
import { API_TITLE, openApiDocument } from './document.js';
import { operations } from './operation.js';
import { serve } from '../http/operation.js';

/** GET /openapi.json (the document) and GET /docs (the reference page, with its scripts and styles). */
export function openApiRoutes(): Router {
  const router = Router();

  serve(router, op.openApiDocument, (_input, _req, res) => {
    res.set('Cache-Control', 'no-cache').json(openApiDocument());
  });

  serve(router, op.apiReference, (_input, req, res) => {
    // The page's links are relative to /docs; under /docs/ they would miss.
    if (req.path.endsWith('/')) return res.redirect(301, '../docs');
    res
      .set('Content-Security-Policy', DOCS_CSP)
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(docsPage(API_TITLE));
  });

  serve(router, op.apiReferenceAsset, compressAnswers(), ({ params: { file } }, _req, res) => {
    const asset = Object.hasOwn(DOCS_ASSETS, file) ? DOCS_ASSETS[file] : undefined;
    if (!asset) throw new NotFound('No such file');
    // Revalidated by ETag: a new swagger-ui-dist ships under the same name.
    res.set('Content-Type', asset.contentType).set('Cache-Control', 'no-cache').send(asset.body());
  });

  return router;
}

/** The order methods are listed in an `Allow` header. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Express's match of a declared path: `:param` one segment, any case, an optional trailing slash. */
const pathPattern = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
    'i',
  );

/**
 * Mounted before the routes: a request on a path the API declares (common/src/api/, the declarations the
 * OpenAPI document is built from) with a method it does not declare there is answered 405 with
 * `Allow`: the declared methods, HEAD where GET is declared (Express answers it) and OPTIONS (the CORS
 * middleware answers it everywhere). As OpenAPI matches paths, a concrete path is matched before a
 * templated one: DELETE /comments/counts is a method /comments/counts lacks (405), not a DELETE of the
 * comment "counts" (which a route of /comments/:id would refuse 400). Any other request goes on to
 * the routes (and to the 404 when none takes it).
 */
export function undeclaredMethods(): RequestHandler {
  const declared = new Map<string, Set<string>>();
  for (const op of operations) {
    const methods = declared.get(op.path) ?? new Set(['OPTIONS']);
    methods.add(op.method.toUpperCase());
    if (op.method === 'get') methods.add('HEAD');
    declared.set(op.path, methods);
  }
  // Every request passes here: the declared paths are looked up by their segment count and first
  // segment (a param matches one segment, so only paths of the request's shape can match it).
  type Declared = { pattern: RegExp; methods: Set<string>; templated: number };
  const byShape = new Map<string, Declared[]>();
  const anyFirst: Declared[] = [];
  const shape = (segments: string[]) => `${segments.length}/${segments[1]?.toLowerCase() ?? ''}`;
  for (const [path, methods] of declared) {
    const segments = path.split('/');
    const entry = {
      pattern: pathPattern(path),
      methods,
      templated: segments.filter((s) => s.startsWith(':')).length,
    };
    if (segments[1]?.startsWith(':')) anyFirst.push(entry);
    else byShape.set(shape(segments), [...(byShape.get(shape(segments)) ?? []), entry]);
  }
  return (req, res, next) => {
    const path = req.path.length > 1 && req.path.endsWith('/') ? req.path.slice(0, -1) : req.path;
    const candidates = byShape.get(shape(path.split('/'))) ?? [];
    const matching = [...candidates, ...anyFirst].filter((p) => p.pattern.test(req.path));
    if (!matching.length) return next();
    // The most concrete of the matching paths (fewest templated segments) say what is allowed.
    const concrete = Math.min(...matching.map((p) => p.templated));
    const allowed = new Set(matching.filter((p) => p.templated === concrete).flatMap((p) => [...p.methods]));
    if (allowed.has(req.method)) return next();
    const allow = METHOD_ORDER.filter((m) => allowed.has(m)).join(', ');
    res
      .status(405)
      .set('Allow', allow)
      .json({ message: `${req.method} is not allowed here` });
  };
}
