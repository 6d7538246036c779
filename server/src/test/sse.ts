/** A raw-HTTP Server-Sent Events client for tests: what a browser's EventSource would receive. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface SseEvent {
  id: string | undefined;
  data: Record<string, unknown>;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event received so far, in order. */
  events: SseEvent[];
  /** Comment lines (heartbeats) received so far. */
  comments: string[];
  /** Everything received, as sent. */
  raw(): string;
  /** The first event (received or still to come) that matches, else rejects after `timeoutMs`. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** The JSON body of a refused stream (status ≠ 200). */
  body: unknown;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Listens on a free loopback port; returns the base URL and a close function. */
export async function listen(
  app: Express,
): Promise<{ base: string; server: http.Server; close(): Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseFrame(frame: string, stream: Pick<SseStream, 'events' | 'comments'>): SseEvent | null {
  let id: string | undefined;
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
    else if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if (!data.length) return null;
  return { id, data: JSON.parse(data.join('\n')) as Record<string, unknown> };
}

/** Opens GET `path` as an event stream and resolves once the response headers arrived. */
export function openSse(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, {
      headers: { accept: 'text/event-stream', ...headers },
      agent: false,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.setEncoding('utf8');
      let raw = '';
      let pending = '';
      const waiters: Array<{ match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }> = [];
      let endedResolve: () => void = () => {};
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        comments: [],
        raw: () => raw,
        body: undefined,
        ended: new Promise<void>((r) => (endedResolve = r)),
        next(match, timeoutMs = 2_000) {
          const seen = stream.events.find(match);
          if (seen) return Promise.resolve(seen);
          return new Promise((resolveEvent, rejectEvent) => {
            const waiter = {
              match,
              resolve: (e: SseEvent) => {
                clearTimeout(timer);
                resolveEvent(e);
              },
            };
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              rejectEvent(new Error(`no matching event within ${timeoutMs} ms; got ${raw}`));
            }, timeoutMs);
            waiters.push(waiter);
          });
        },
        close: () => req.destroy(),
      };
      res.on('data', (chunk: string) => {
        raw += chunk;
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const frame = pending.slice(0, end);
          pending = pending.slice(end + 2);
          if (stream.status !== 200) continue;
          const event = parseFrame(frame, stream);
          if (!event) continue;
          stream.events.push(event);
          for (const waiter of [...waiters]) {
            if (!waiter.match(event)) continue;
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(event);
          }
        }
      });
      res.on('end', () => {
        if (stream.status !== 200) stream.body = raw ? (JSON.parse(raw) as unknown) : undefined;
        endedResolve();
      });
      res.on('close', () => endedResolve());
      if (stream.status === 200) resolve(stream);
      else void stream.ended.then(() => resolve(stream));
    });
  });
}

/** Matches an event by type (and article id). */
export const ofType =
  (type: string, articleId?: string) =>
  (e: SseEvent): boolean =>
    e.data.type === type && (articleId === undefined || e.data.articleId === articleId);
