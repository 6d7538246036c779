import express from 'express';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle } from '../test/article-fixtures.js';
import { makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { compressAnswers, negotiateCoding } from './compress.js';

let t: TestApp;
let server: http.Server;
let writer: SignedIn;

beforeAll(async () => {
  t = await makeTestApp();
  writer = await signInAs(t);
  for (let i = 0; i < 6; i++) {
    await insertArticle(t.store, { userInfo: { name: 'W', image: '', email: writer.email } });
  }
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire (never decompressed here). */
  body: Buffer;
}

/** A GET whose body is read raw, so the test sees exactly what a browser receives. */
function get(
  path: string,
  headers: Record<string, string> = {},
  headersOnly = false,
  port = (server.address() as AddressInfo).port,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
      if (headersOnly) {
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.alloc(0) });
        res.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const decode = (r: Raw): string => {
  const coding = r.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(r.body).toString();
  if (coding === 'gzip') return gunzipSync(r.body).toString();
  return r.body.toString();
};

const LIST = '/all-articles/approved?page=1&limit=20';

describe('compressed answers', () => {
  it('compresses a cached answer over 1 KB with brotli or gzip as asked, and not at all unasked', async () => {
    const plain = await get(LIST);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.body.toString());

    const br = await get(LIST, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(decode(br))).toEqual(json);

    const gzip = await get(LIST, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gzip))).toEqual(json);

    const refused = await get(LIST, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
  });

  it('keeps revalidation working: one ETag per coding, 304 for a matching If-None-Match', async () => {
    const plain = await get(LIST);
    const br = await get(LIST, { 'accept-encoding': 'br' });
    const gzip = await get(LIST, { 'accept-encoding': 'gzip' });
    const etags = [plain, br, gzip].map((r) => r.headers.etag);
    expect(new Set(etags).size).toBe(3);
    expect(br.headers.etag).toMatch(/^"[\w-]+-br"$/);

    const again = await get(LIST, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.vary).toMatch(/Accept-Encoding/i);
    // A validator of another coding does not match: the client gets the bytes it can decode.
    const other = await get(LIST, { 'accept-encoding': 'br', 'if-none-match': gzip.headers.etag! });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
  });

  it('leaves answers under 1 KB as they are', async () => {
    const health = await get('/health', { 'accept-encoding': 'gzip, br' });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toMatchObject({ status: 'ok' });

    const notFound = await get('/no-such-route', { 'accept-encoding': 'gzip, br' });
    expect(notFound.status).toBe(404);
    expect(notFound.headers['content-encoding']).toBeUndefined();
  });

  it('compresses answers that are not cached too (a writer’s own articles)', async () => {
    const headers = { authorization: `Bearer ${writer.token}` };
    const path = `/articles/${encodeURIComponent(writer.email)}`;
    const plain = await get(path, headers);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get(path, { ...headers, 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(br))).toEqual(JSON.parse(plain.body.toString()));
  });

  it('never compresses the event stream', async () => {
    const events = await get('/events', { 'accept-encoding': 'gzip, br', accept: 'text/event-stream' }, true);
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(events.headers['content-encoding']).toBeUndefined();
  });
});

describe('compressAnswers (the middleware as mounted for every request)', () => {
  it('compresses a large answer but never an event stream', async () => {
    const app = express();
    app.use(compressAnswers());
    const big = 'data: ' + 'x'.repeat(4000) + '\n\n';
    app.get('/text', (_req, res) => {
      res.type('text/plain').send(big);
    });
    app.get('/stream', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
      res.end(big);
    });
    const other = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => other.once('listening', resolve));
    try {
      const { port } = other.address() as AddressInfo;
      const text = await get('/text', { 'accept-encoding': 'gzip' }, false, port);
      expect(text.headers['content-encoding']).toBe('gzip');
      const stream = await get('/stream', { 'accept-encoding': 'gzip, br' }, false, port);
      expect(stream.headers['content-encoding']).toBeUndefined();
      expect(stream.body.toString()).toBe(big);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe('negotiateCoding', () => {
  it('prefers brotli, honours q-values and wildcards', () => {
    expect(negotiateCoding(undefined)).toBeNull();
    expect(negotiateCoding('identity')).toBeNull();
    expect(negotiateCoding('gzip, deflate, br')).toBe('br');
    expect(negotiateCoding('gzip, deflate')).toBe('gzip');
    expect(negotiateCoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateCoding('br;q=0, *')).toBe('gzip');
    expect(negotiateCoding('*;q=0')).toBeNull();
    expect(negotiateCoding('*')).toBe('br');
  });
});
