import compression from 'compression';
import type { Express, Request, RequestHandler, Response } from 'express';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** Answers of at least this many bytes are compressed when the client accepts it. */
export const COMPRESSION_THRESHOLD = 1024;

export type ContentCoding = 'br' | 'gzip';

/**
 * Compresses every JSON answer sent with res.json (1 KB or more, brotli preferred, then gzip), using
 * the `compression` middleware. It is engaged from res.json itself rather than mounted for every
 * request: mounted, it costs ~50 us on each request (measured; a third of a cached read), including
 * the cached answers, which sendCached compresses once per cache fill instead (sendEncoded below).
 * Event streams are never compressed (a compressor buffers; each event must go out at once).
 * See docs/decisions/api-compression.md.
 */
export function compressJsonAnswers(app: Express): void {
  const middleware = compressAnswers();
  const json = app.response.json;
  app.response.json = function compressedJson(this: Response, body?: unknown) {
    // Without Accept-Encoding there is nothing to negotiate; after the headers it is too late.
    if (this.req.headers['accept-encoding'] && !this.headersSent) middleware(this.req, this, noop);
    return json.call(this, body);
  };
}

const noop = () => {};

/**
 * The `compression` middleware as mounted for every request (the site server's pages and assets):
 * 1 KB or more, brotli preferred, never an event stream.
 */
export function compressAnswers(): RequestHandler {
  return compression({
    threshold: COMPRESSION_THRESHOLD,
    filter: (req, res) => {
      const type = res.getHeader('Content-Type');
      if (typeof type === 'string' && type.startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  });
}

/** The q-value an Accept-Encoding header gives one coding ('*' covers codings it does not name). */
function qualityOf(header: string, coding: ContentCoding): number {
  let wildcard = -1;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    if (name !== coding && name !== '*') continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k?.trim().toLowerCase() === 'q') q = Number(v) || 0;
    }
    if (name === coding) return q;
    wildcard = q;
  }
  return Math.max(wildcard, 0);
}

const negotiated = new Map<string, ContentCoding | null>();
const MAX_REMEMBERED_HEADERS = 200;

/**
 * The coding to answer with: brotli when accepted at least as much as gzip, else gzip, else none.
 * Clients send a handful of distinct headers, so the answers are remembered per header string.
 */
export function negotiateCoding(header: string | undefined): ContentCoding | null {
  if (!header) return null;
  const known = negotiated.get(header);
  if (known !== undefined) return known;
  const br = qualityOf(header, 'br');
  const gzip = qualityOf(header, 'gzip');
  const coding: ContentCoding | null = br > 0 && br >= gzip ? 'br' : gzip > 0 ? 'gzip' : null;
  if (negotiated.size >= MAX_REMEMBERED_HEADERS) negotiated.clear();
  negotiated.set(header, coding);
  return coding;
}

interface Encodings {
  bytes: number;
  br?: Buffer;
  gzip?: Buffer;
}

/** Compressed forms of a body, made once per body object (a cache fill), on first demand. */
const encodingsOf = new WeakMap<object, Encodings>();

function encoded(owner: object, body: string, coding: ContentCoding): Buffer {
  let entry = encodingsOf.get(owner);
  if (!entry) {
    entry = { bytes: Buffer.byteLength(body) };
    encodingsOf.set(owner, entry);
  }
  let data = entry[coding];
  if (!data) {
    // Synchronous: a JSON answer of a few KB compresses in well under a millisecond, and once per fill.
    data =
      coding === 'br'
        ? brotliCompressSync(body, {
            params: {
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              [zlib.BROTLI_PARAM_QUALITY]: 6,
              [zlib.BROTLI_PARAM_SIZE_HINT]: entry.bytes,
            },
          })
        : gzipSync(body, { level: 6 });
    entry[coding] = data;
  }
  return data;
}

/** Whether a body is large enough to compress (its byte length is remembered per owner). */
function compressible(owner: object, body: string): boolean {
  // Cheap bound first: UTF-16 length <= UTF-8 bytes <= 3x length.
  if (body.length >= COMPRESSION_THRESHOLD) return true;
  if (body.length * 3 < COMPRESSION_THRESHOLD) return false;
  let entry = encodingsOf.get(owner);
  if (!entry) {
    entry = { bytes: Buffer.byteLength(body) };
    encodingsOf.set(owner, entry);
  }
  return entry.bytes >= COMPRESSION_THRESHOLD;
}

/**
 * The coding a JSON body will be sent with for this request (null: as is). Sets Vary when the answer
 * depends on Accept-Encoding. Call before setting the ETag, which must differ per coding.
 */
export function chooseCoding(req: Request, res: Response, owner: object, body: string): ContentCoding | null {
  if (!compressible(owner, body)) return null;
  res.vary('Accept-Encoding');
  return negotiateCoding(req.headers['accept-encoding']);
}

/** Sends `body` as JSON in the given coding, compressing it at most once per owner. */
export function sendEncoded(res: Response, owner: object, body: string, coding: ContentCoding | null): void {
  res.set('Content-Type', 'application/json; charset=utf-8');
  if (!coding) {
    res.send(body);
    return;
  }
  res.set('Content-Encoding', coding);
  res.send(encoded(owner, body, coding));
}
