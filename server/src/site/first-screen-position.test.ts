/**
 * A first screen names the live-event position its data was read at (issue 33, item 2;
 * docs/decisions/first-screen-event-position.md): a page served after a change but before the site
 * has read its list again carries the older list and the position before the change, so the app's
 * live stream, resumed from there, still delivers that change. Here the standalone site (the API over
 * HTTP, its event stream) and the API inside one process (SERVE_CLIENT).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishArticle } from '../test/actions.js';
import { makeTestApp, type TestApp } from '../test/app.js';
import { listen, ofType, openSse } from '../test/sse.js';
import { createSiteApp } from './app.js';
import { apiChanges, type SiteChanges } from './changes.js';
import { apiSource } from './source.js';

const SHELL = `<!doctype html><html><head><title>Newsroom</title></head><body>
    <div id="root"><header>masthead</header><!--/first-screen--></div></body></html>`;
const HINTS = [
  { path: '/all-articles', js: [], css: [], leadImage: { from: 'newest', sizes: '100vw' } },
  { path: '/', js: [], css: [], leadImage: { from: 'trending', sizes: '100vw' } },
  { path: '/login', js: [], css: [] },
];
/** The build's renderer stand-in: the titles of the list it is given. */
const RENDERER = `export async function renderFirstScreen(pathname, data) {
  const list = data.approved ?? data.trending ?? [];
  return '<main>' + list.map((a) => a.articleTitle).join('|') + '</main>';
}`;

interface PageData {
  approved?: Array<{ _id: string }>;
  trending?: Array<{ _id: string }>;
  eventId?: string;
}

let dist: string;
let t: TestApp;
let api: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'newsroom-position-'));
  mkdirSync(path.join(dist, '.vite', 'ssr'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, '.vite', 'first-screen.json'), JSON.stringify(HINTS));
  writeFileSync(path.join(dist, '.vite', 'ssr', 'server.js'), RENDERER);
  t = await makeTestApp({ config: { serveClient: true, clientDistDir: dist } });
  api = await listen(t.app);
});
afterAll(async () => {
  await api.close();
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function pageData(app: Parameters<typeof request>[0], url: string): Promise<PageData> {
  const res = await request(app).get(url).set('Accept', 'text/html');
  const json = /<script type="application\/json" id="first-screen-data">([^<]*)<\/script>/.exec(
    res.text,
  )?.[1];
  if (!json) throw new Error(`${url}: no first-screen data`);
  return JSON.parse(json) as PageData;
}

/**
 * The API's stream (as the site reads it) whose change notices can be held: the site then goes on
 * serving the list it read before, as it does in the moment between a write and its event arriving.
 */
function heldChanges(changes: SiteChanges) {
  let held = false;
  let missed = false;
  const listeners = new Set<() => void>();
  changes.subscribe(() => {
    if (held) missed = true;
    else for (const listener of listeners) listener();
  });
  return {
    position: () => changes.position(),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hold() {
      held = true;
    },
    release() {
      held = false;
      if (missed) for (const listener of listeners) listener();
      missed = false;
    },
  };
}

describe('first-screen event position', () => {
  it('the standalone site: a list read before a change names a position the change is replayed after', async () => {
    const logger = pino({ level: 'silent' });
    const stream = apiChanges(api.base, { logger, retryMs: 20 });
    const changes = heldChanges(stream);
    const site = createSiteApp({
      source: apiSource(api.base, { timeoutMs: 2_000 }),
      changes,
      distDir: dist,
      siteUrl: 'https://news.example.test',
      logger,
      feedTtlMs: 600_000,
    });
    const streams = t.live.streams;
    try {
      await expect.poll(() => stream.position()).toBe(streams.lastId);
      // A change the site hears of: its list is read again, from a known position.
      const first = await publishArticle(t, { title: 'Heard of in time' });
      await expect
        .poll(async () => (await pageData(site, '/all-articles')).approved?.[0]?._id, { timeout: 3_000 })
        .toBe(first);
      const before = await pageData(site, '/all-articles');
      expect(before.eventId).toBe(streams.lastId);

      // The next approval's event has not reached the site's lists yet: pages carry the older list
      // and still the position it was read at, though the site's stream has moved past it.
      changes.hold();
      const last = await publishArticle(t, { title: 'Approved a moment ago' });
      await expect.poll(() => stream.position()).toBe(streams.lastId);
      for (const url of ['/all-articles', '/']) {
        const served = await pageData(site, url);
        expect((served.approved ?? served.trending)?.map((a) => a._id)).not.toContain(last);
        expect(served.eventId, url).toBe(before.eventId);
      }

      // A tab resuming from that position (as the app's live stream does) is told of the approval.
      const tab = await openSse(api.base, `/events?lastEventId=${encodeURIComponent(before.eventId!)}`);
      try {
        await tab.next(ofType('article.approved', last));
        expect(tab.events.some(ofType('resync'))).toBe(false);
      } finally {
        tab.close();
      }

      // Once the site has read the list again, pages carry it and the newer position.
      changes.release();
      await expect
        .poll(async () => (await pageData(site, '/all-articles')).approved?.[0]?._id, { timeout: 3_000 })
        .toBe(last);
      expect((await pageData(site, '/all-articles')).eventId).toBe(streams.lastId);
      // Pages drawn from no data name where a tab's stream starts too.
      expect((await pageData(site, '/login')).eventId).toBe(streams.lastId);
    } finally {
      stream.close();
    }
  });

  it('the site inside the API: pages name the live streams’ position their list was read at', async () => {
    const streams = t.live.streams;
    const id = await publishArticle(t, { title: 'Served in process' });
    await expect
      .poll(async () => (await pageData(t.app, '/all-articles')).approved?.[0]?._id, { timeout: 3_000 })
      .toBe(id);
    expect((await pageData(t.app, '/all-articles')).eventId).toBe(streams.lastId);
  });
});
