/**
 * The server-rendered first screen (docs/decisions/server-rendered-first-screen.md): the client build
 * carries its own renderer (dist/.vite/ssr/server.js, the app's routes and components), which draws
 * the landing page as a signed-out visitor sees it from the article data the site already reads. The
 * page then shows its headline and leading image before any JavaScript runs; the data goes along as
 * JSON so the app's first render shows the same content and replaces it without a visible change.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { FirstScreenData } from '@newsroom/common';
import { scriptJson } from './render.js';

export type { FirstScreenData };

/** The markup of the page at `pathname` (what goes inside #root), or null when it has none. */
export type RenderFirstScreen = (pathname: string, data: FirstScreenData) => Promise<string | null>;

const RENDERER = path.join('.vite', 'ssr', 'server.js');
const MANIFEST = path.join('.vite', 'manifest.json');
/** Where the built index.html's placeholder masthead ends (client/index.html). */
const ROOT_START = '<div id="root">';
const ROOT_END = '<!--/first-screen-->';

/**
 * The build's renderer, loaded on first use (and started loading now); null when the build has none
 * (an older build, a test shell). A render that fails is logged and the page goes out without it.
 */
export function loadRenderer(distDir: string, logger: Logger): RenderFirstScreen | null {
  const file = path.join(distDir, RENDERER);
  if (!existsSync(file)) return null;
  const module = import(pathToFileURL(file).href).then((m: { renderFirstScreen?: unknown }) => {
    if (typeof m.renderFirstScreen !== 'function') throw new Error(`${file} has no renderFirstScreen`);
    return m.renderFirstScreen as RenderFirstScreen;
  });
  module.catch((err: unknown) => logger.error({ err }, 'first screen: renderer not loaded'));
  return async (pathname, data) => {
    try {
      return await (
        await module
      )(pathname, data);
    } catch (err) {
      logger.warn({ err, pathname }, 'first screen: not rendered');
      return null;
    }
  };
}

/** The app's code: its entry and the modules fetched beside it (URLs), in the order they load. */
export interface AppCode {
  entry: string;
  modules: string[];
}

const ManifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), isEntry: z.boolean().optional(), imports: z.array(z.string()).optional() }),
);

/**
 * The entry and its static imports as Vite's manifest (dist/.vite/manifest.json) lists them: what
 * index.html loads. Null when the build has no manifest (an older build, a test shell).
 */
export function loadAppCode(distDir: string): AppCode | null {
  let manifest: z.infer<typeof ManifestSchema>;
  try {
    manifest = ManifestSchema.parse(JSON.parse(readFileSync(path.join(distDir, MANIFEST), 'utf8')));
  } catch {
    return null;
  }
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) return null;
  const modules = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || modules.has(`/${chunk.file}`)) return;
    modules.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const imported of entry.imports ?? []) visit(imported);
  return { entry: `/${entry.file}`, modules: [...modules] };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `head` without the script or link tag that loads `url` (Vite's, or a hint's). */
const withoutTagOf = (head: string, url: string) =>
  head.replace(
    new RegExp(
      `\\s*<(?:script\\b[^>]*\\ssrc="${escapeRegExp(url)}"[^>]*></script>|link\\b[^>]*\\shref="${escapeRegExp(url)}"[^>]*>)`,
    ),
    '',
  );

/**
 * The head with the app's code (entry and module preloads) fetched and run only once the page has
 * painted: when the browser reports its first contentful paint (a 'paint' performance entry, which
 * comes once the frame is on screen, not when the main thread has drawn it), or after the next frame
 * in a browser without paint entries, or after a second in a tab that draws no frames. The first
 * screen is already in the page, and the app's code fetched or run first would hold back its painting
 * on a slow phone (and count against it in Lighthouse's first and largest paint).
 */
function appCodeAfterPaint(head: string, { entry, modules }: AppCode): string {
  // The module preloads are added a few at a time, a task each (about 8 ms of work per task): adding
  // one whose file has arrived compiles it there and then, and twenty in one task held a slow phone's
  // main thread for over 100 ms (Lighthouse's Total Blocking Time). The entry comes last.
  const run =
    `var started=false,q=${JSON.stringify(modules)};` +
    'function start(){if(started)return;started=true;var d=document,i=0;' +
    "function add(e){e.crossOrigin='';d.head.appendChild(e)}" +
    'function next(){var t=performance.now(),e;' +
    "while(i<q.length&&performance.now()-t<8){e=d.createElement('link');e.rel='modulepreload';e.href=q[i++];add(e)}" +
    "if(i<q.length){setTimeout(next,0);return}e=d.createElement('script');e.type='module';" +
    `e.src=${JSON.stringify(entry)};add(e)}` +
    'next()}function later(){setTimeout(start,0)}' +
    "try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();later()}}).observe({type:'paint',buffered:true})}" +
    'catch(x){requestAnimationFrame(later)}setTimeout(start,1000);';
  return [entry, ...modules]
    .reduce(withoutTagOf, head)
    .replace(/<\/head>/i, `  <script>${run}</script>\n  </head>`);
}

/**
 * `html` with `markup` alone in #root instead of its placeholder masthead (the app hydrates #root:
 * it must hold exactly what the app renders), `data` right after #root for the app, and the app's
 * `code` (its tags taken out of the head) run after the first paint; unchanged when the shell has no
 * placeholder.
 */
export function withFirstScreen(
  html: string,
  markup: string,
  data: FirstScreenData,
  code: AppCode | null,
): string {
  const start = html.indexOf(ROOT_START);
  const end = html.indexOf(ROOT_END, start);
  const close = html.indexOf('</div>', end);
  if (start < 0 || end < 0 || close < 0) return html;
  const json = `<script type="application/json" id="first-screen-data">${scriptJson(data)}</script>`;
  const opening = html.slice(0, start + ROOT_START.length);
  const head = code ? appCodeAfterPaint(opening, code) : opening;
  return `${head}${markup}</div>\n    ${json}${html.slice(close + '</div>'.length)}`;
}
