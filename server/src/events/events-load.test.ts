/**
 * 1 000 open GET /events streams on loopback (raw HTTP, as cheap as a stream can be on the client):
 * the server's memory stays bounded and an event written after all are open reaches every one
 * within 2 s. The numbers are printed for the record.
 */
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import request from 'supertest';
import { editorOf } from '../test/actions.js';
import { bearer, makeTestApp, type TestApp } from '../test/app.js';
import { listen } from '../test/sse.js';

const STREAMS = 1_000;
const MB = 1024 * 1024;

let t: TestApp;
let base: string;
let stop: () => Promise<void>;
const requests: http.ClientRequest[] = [];

beforeAll(async () => {
  // Behind one proxy, which names each of the many visitors in X-Forwarded-For.
  t = await makeTestApp({ config: { trustProxy: 1 } });
  ({ base, close: stop } = await listen(t.app));
});
afterAll(async () => {
  for (const req of requests) req.destroy();
  await stop();
  await t.close();
});

let visitors = 0;
/**
 * Opens one stream for a visitor of its own (through a loopback proxy, as the API trusts, so the
 * per-address stream limit sees a crowd, not one client); `seen` resolves when the marker arrives.
 */
function openStream(marker: string): Promise<{ seen: Promise<number> }> {
  visitors += 1;
  const visitor = `10.0.${visitors >> 8}.${visitors & 255}`;
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/events`, { agent: false, headers: { 'x-forwarded-for': visitor } });
    requests.push(req);
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
      res.setEncoding('utf8');
      const seen = new Promise<number>((markerSeen) => {
        res.on('data', (chunk: string) => {
          if (chunk.includes(marker)) markerSeen(performance.now());
        });
      });
      resolve({ seen });
    });
  });
}

it(`holds ${STREAMS} open streams with bounded memory; an event reaches all of them within 2 s`, async () => {
  const streams = t.live.streams;
  const marker = `Marker Gazette ${Date.now()}`;
  const rssBefore = process.memoryUsage().rss;

  const open: Array<{ seen: Promise<number> }> = [];
  // In batches: the listen backlog is finite, and a real crowd does not arrive in one tick either.
  for (let i = 0; i < STREAMS; i += 100) {
    open.push(...(await Promise.all(Array.from({ length: 100 }, () => openStream(marker)))));
  }
  expect(streams.size).toBe(STREAMS);
  const rssOpen = process.memoryUsage().rss;

  const editor = await editorOf(t);
  const sent = performance.now();
  await request(t.app)
    .post('/add-publishers')
    .set(bearer(editor.token))
    .send({ publisherName: marker, logo: 'https://example.test/logo.png' })
    .expect(201);
  const arrivals = await Promise.all(open.map((s) => s.seen));
  const slowestMs = Math.max(...arrivals) - sent;
  const growthMb = (rssOpen - rssBefore) / MB;

  console.log(
    `${STREAMS} streams: RSS +${growthMb.toFixed(1)} MB (server and clients in one process), ` +
      `event on all of them after ${slowestMs.toFixed(0)} ms`,
  );
  expect(growthMb).toBeLessThan(100);
  expect(slowestMs).toBeLessThan(2_000);
}, 60_000);
