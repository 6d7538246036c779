/**
 * How the site learns that public article data changed (an article approved, edited, made premium,
 * withdrawn or deleted; a publisher added or renamed), so its first-screen lists, sitemap and feed are
 * read again at once instead of when their minute is up (docs/decisions/site-server.md).
 *
 * In-process the site listens to the API's event bus; the standalone site reads the API's public
 * GET /events stream, as an anonymous browser tab would (docs/decisions/live-events.md).
 */
import type { Logger } from 'pino';
import type { EventSource } from '../events/bus.js';

/** Calls its listeners when something the public may see has changed. */
export interface SiteChanges {
  /** Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * The id of the newest live event the site has heard of (the API's `Last-Event-ID`), or null before
   * it has heard from the API. A read started now reflects every event up to it: the API publishes an
   * event after its write has committed and its cached answers are gone. A first screen carries the
   * position its data was read at, and the app's live stream resumes from there
   * (docs/decisions/first-screen-event-position.md).
   */
  position(): string | null;
}

/**
 * In-process: every event of the bus that an anonymous reader would receive. `position`: the id the
 * app's live streams gave the newest event (EventStreams.lastId); they hear of each event before the site.
 */
export function busChanges(bus: EventSource, position: () => string): SiteChanges {
  return {
    position,
    subscribe: (listener) =>
      bus.subscribe(({ audience }) => {
        // The bus delivers inside the write; the listener reads the store, so it runs after it.
        if (audience.public) setImmediate(listener);
      }),
  };
}

export interface ApiChangesOptions {
  logger: Logger;
  /** First wait before reconnecting after a failure, doubled up to `maxRetryMs` (1 s → 30 s). */
  retryMs?: number;
  maxRetryMs?: number;
  /** A stream that sends nothing for this long is taken as dead (the API sends a ping every 15 s). */
  idleMs?: number;
}

/** Longest unfinished frame kept before the connection is dropped (and made again). */
const MAX_FRAME_CHARS = 64 * 1024;

/** What one frame of an event stream carries (the fields this reader uses). */
interface Frame {
  id?: string;
  data: string[];
}

function parseFrame(text: string): Frame {
  const frame: Frame = { data: [] };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') frame.id = value;
    else if (field === 'data') frame.data.push(value);
  }
  return frame;
}

/** The event's `type`, or null when the frame holds no JSON object with one. */
function typeOf(frame: Frame): string | null {
  if (!frame.data.length) return null;
  try {
    const data: unknown = JSON.parse(frame.data.join('\n'));
    return data && typeof data === 'object' && 'type' in data && typeof data.type === 'string'
      ? data.type
      : null;
  } catch {
    return null;
  }
}

/**
 * The standalone site: reads the API's anonymous event stream (public events only) and tells its
 * listeners of each one. It reconnects with backoff and resumes after the last event it saw
 * (Last-Event-ID), so what happened while it was away is replayed, or answered with `resync` (the API
 * restarted or too much happened): both count as a change. `close()` ends the stream for good.
 */
export function apiChanges(apiUrl: string, options: ApiChangesOptions): SiteChanges & { close(): void } {
  const url = `${apiUrl.replace(/\/$/, '')}/events`;
  const retryMs = options.retryMs ?? 1_000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const idleMs = options.idleMs ?? 45_000;
  const listeners = new Set<() => void>();
  let lastEventId: string | undefined;
  let closed = false;
  let current: AbortController | null = null;
  let wake: (() => void) | null = null;
  let running = false;

  const notify = () => {
    for (const listener of listeners) {
      try {
        listener();
      } catch (err) {
        options.logger.error({ err }, 'site: a change listener failed');
      }
    }
  };

  /** Reads one connection until it ends; `onOpen` once the API has accepted it. */
  const readOnce = async (onOpen: () => void): Promise<void> => {
    const controller = new AbortController();
    current = controller;
    let idle: NodeJS.Timeout | undefined;
    const stillAlive = () => {
      clearTimeout(idle);
      idle = setTimeout(() => controller.abort(), idleMs);
      idle.unref();
    };
    stillAlive();
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
      const res = await fetch(url, { headers, signal: controller.signal });
      if (res.status !== 200 || !res.body) {
        await res.body?.cancel();
        throw new Error(`GET /events answered ${res.status}`);
      }
      onOpen();
      const decoder = new TextDecoder();
      let pending = '';
      for await (const chunk of res.body) {
        stillAlive();
        pending += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const frame = parseFrame(pending.slice(0, end));
          pending = pending.slice(end + 2);
          if (frame.id !== undefined) lastEventId = frame.id;
          const type = typeOf(frame);
          // `ready` opens every stream; anything else is a public change or a `resync`.
          if (type !== null && type !== 'ready') notify();
        }
        // Our events are a few hundred bytes: an unfinished frame this long is not one of them.
        if (pending.length > MAX_FRAME_CHARS) throw new Error('GET /events sent an over-long frame');
      }
    } finally {
      clearTimeout(idle);
      current = null;
    }
  };

  const run = async () => {
    running = true;
    let wait = retryMs;
    while (!closed) {
      try {
        await readOnce(() => {
          wait = retryMs;
        });
      } catch (err) {
        if (closed) break;
        options.logger.debug({ err }, 'site: event stream interrupted');
      }
      if (closed) break;
      // Jittered, so several site processes do not reconnect in step after an API restart.
      const delay = wait / 2 + Math.random() * (wait / 2);
      wait = Math.min(wait * 2, maxRetryMs);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
    running = false;
  };

  return {
    // Set from each frame as it is read (the `ready` frame names the API's newest event), before the
    // listeners read again: a read that starts after it sees that event's write.
    position: () => lastEventId ?? null,
    subscribe(listener) {
      listeners.add(listener);
      if (!running && !closed) void run();
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      closed = true;
      current?.abort();
      wake?.();
    },
  };
}
