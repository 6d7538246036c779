/**
 * How the site hears of public changes: the app's bus in-process, the API's anonymous event stream in
 * the standalone site (resuming after a lost connection with what happened meanwhile).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteArticle, editArticle, publishArticle, submitArticle } from '../test/actions.js';
import { makeTestApp, type TestApp } from '../test/app.js';
import { listen } from '../test/sse.js';
import { apiChanges, busChanges } from './changes.js';

let t: TestApp;
let api: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  t = await makeTestApp();
  api = await listen(t.app);
});
afterAll(async () => {
  await api.close();
  await t.close();
});

/** Counts a source's change calls; `next(n)` resolves once there have been `n`. */
function counter() {
  let count = 0;
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  return {
    listener: () => {
      count += 1;
      for (const w of waiters.filter((w) => count >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    },
    get count() {
      return count;
    },
    reach(n: number, timeoutMs = 3_000) {
      if (count >= n) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${count} changes, expected ${n}`)), timeoutMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('busChanges (the site inside the API)', () => {
  it('tells of public changes, after the write, and not of a submission only admins see', async () => {
    const changes = counter();
    const { bus, streams } = t.live;
    const stop = busChanges(bus, () => streams.lastId).subscribe(changes.listener);
    try {
      const submitted = await submitArticle(t);
      await pause(20);
      expect(changes.count).toBe(0);

      await publishArticle(t);
      await changes.reach(1);
      // Its writer edits it: it leaves the public lists until approved again.
      const approved = await publishArticle(t);
      await changes.reach(2);
      await editArticle(t, approved, 'A better title');
      await changes.reach(3);
      await editArticle(t, submitted, 'Still a draft');
      await pause(20);
      expect(changes.count).toBe(3);
    } finally {
      stop();
    }
  });
});

describe('apiChanges (the standalone site)', () => {
  it('tells of public changes on the API, not of submissions, and resumes after a lost connection', async () => {
    const changes = counter();
    const source = apiChanges(api.base, { logger: pino({ level: 'silent' }), retryMs: 20 });
    source.subscribe(changes.listener);
    const streams = t.live.streams;
    try {
      await expect.poll(() => streams.size).toBe(1);
      expect(changes.count).toBe(0); // the stream's opening `ready` is not a change
      // The opening frame names the API's newest event: the site's position from then on.
      await expect.poll(() => source.position()).toBe(streams.lastId);

      // Listeners run once the position names the event: a read they start sees its write.
      const positions: Array<string | null> = [];
      const stop = source.subscribe(() => positions.push(source.position()));
      await submitArticle(t);
      const approved = await publishArticle(t);
      await changes.reach(1);
      await pause(50);
      expect(changes.count).toBe(1);
      expect(positions).toEqual([streams.lastId]);
      stop();

      // The connection drops; a change happens before the site is back: it is replayed.
      api.server.closeAllConnections();
      await deleteArticle(t, approved);
      await changes.reach(2);
      await expect.poll(() => streams.size).toBe(1);
      await publishArticle(t);
      await changes.reach(3);
      expect(changes.count).toBe(3);
    } finally {
      source.close();
    }
    await expect.poll(() => streams.size).toBe(0);
  });

  it('keeps trying while the API is down and reads its stream once it is up', async () => {
    const changes = counter();
    const later = await makeTestApp();
    const server = await listen(later.app);
    await server.close(); // the port is known and refuses connections for now
    const source = apiChanges(server.base, {
      logger: pino({ level: 'silent' }),
      retryMs: 20,
      maxRetryMs: 50,
    });
    source.subscribe(changes.listener);
    const port = Number(new URL(server.base).port);
    const back = await new Promise<import('node:http').Server>((resolve) => {
      const s = later.app.listen(port, '127.0.0.1', () => resolve(s));
    });
    try {
      await expect.poll(() => later.live.streams.size, { timeout: 3_000 }).toBe(1);
      await publishArticle(later);
      await changes.reach(1);
    } finally {
      source.close();
      back.closeAllConnections();
      await new Promise((resolve) => back.close(resolve));
      await later.close();
    }
  });
});

describe('apiChanges against a misbehaving stream', () => {
  it('drops a connection whose frame never ends and connects again', async () => {
    let connections = 0;
    const server = http.createServer((_req, res) => {
      connections += 1;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (connections === 1)
        res.write(`data: ${'x'.repeat(70 * 1024)}`); // no end of frame, ever
      else res.write('id: 1\ndata: {"type":"article.approved"}\n\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const changes = counter();
    const source = apiChanges(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      logger: pino({ level: 'silent' }),
      retryMs: 10,
    });
    source.subscribe(changes.listener);
    try {
      await changes.reach(1);
      expect(connections).toBe(2);
    } finally {
      source.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
