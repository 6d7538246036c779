/**
 * The API reference page: Swagger UI from the installed swagger-ui-dist package, served by the API
 * itself so the page works offline and under a strict CSP (no CDN, no inline script).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DOCS_ASSET_FILES } from '@newsroom/common/api/platform';

const distDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Starts Swagger UI on the document; relative URLs so the API may sit under a path prefix. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('openapi.json', document.baseURI).href,
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
  });
});
`;

export interface DocsAsset {
  contentType: string;
  /** Read once, on first use. */
  body(): Buffer;
}

const fromDist = (file: string): (() => Buffer) => {
  let cached: Buffer | undefined;
  return () => (cached ??= readFileSync(path.join(distDir(), file)));
};

export const DOCS_ASSETS: Record<string, DocsAsset> = {
  'swagger-ui.css': { contentType: 'text/css; charset=utf-8', body: fromDist('swagger-ui.css') },
  'swagger-ui-bundle.js': {
    contentType: 'text/javascript; charset=utf-8',
    body: fromDist('swagger-ui-bundle.js'),
  },
  'init.js': { contentType: 'text/javascript; charset=utf-8', body: () => Buffer.from(INIT_SCRIPT) },
};

// The files the document names (@newsroom/common/api/platform) are the files served.
if (Object.keys(DOCS_ASSETS).join() !== DOCS_ASSET_FILES.join())
  throw new Error('DOCS_ASSET_FILES is out of date');

/** The page; `title` is the document's. */
export function docsPage(title: string): string {
  const escaped = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escaped}</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="docs/assets/swagger-ui-bundle.js"></script>
    <script src="docs/assets/init.js"></script>
  </body>
</html>
`;
}

/**
 * The page's own CSP, replacing helmet's API-wide one on GET /docs only: scripts and styles from
 * this origin (Swagger UI sets inline styles), images from here or data: URLs, fetches to here.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
