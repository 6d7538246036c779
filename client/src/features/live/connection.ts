import { parseLiveMessage, type LiveMessage } from './messages';

/** The part of the browser's EventSource this module uses (tests pass a stand-in). */
export interface EventSourceLike {
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent<string>) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

export interface LiveConnectionOptions {
  /** GET /events of the API. */
  url: string;
  /** Our JWT, read at every (re)connect so a renewed one is used; null: anonymous. */
  token: () => string | null;
  /** Where to resume: the id of the last event this tab handled (kept across connections). */
  lastEventId?: string | null;
  onMessage: (message: LiveMessage, id: string | null) => void;
  /** Called when the stream (re)opens or drops; for a status indicator or tests. */
  onStatus?: (status: 'open' | 'reconnecting') => void;
  createEventSource?: EventSourceFactory;
  random?: () => number;
}

export interface LiveConnection {
  close(): void;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0-based): doubling from 1 s up to 30 s, each drawn from
 * its upper half so a restarted server is not hit by every tab at the same instant.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * One live stream with its own reconnects. The browser's built-in retry is not used: it has no
 * backoff and gives up for good on an HTTP error (a 401 after the JWT expired). Each attempt is a
 * new EventSource carrying the current token and the last event id in its query (EventSource sends
 * no headers), so the server replays what was missed.
 */
export function connectLiveEvents(options: LiveConnectionOptions): LiveConnection {
  const create: EventSourceFactory = options.createEventSource ?? ((url) => new EventSource(url));
  let lastEventId = options.lastEventId ?? null;
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let closed = false;

  const open = () => {
    const params = new URLSearchParams();
    const token = options.token();
    if (token) params.set('token', token);
    if (lastEventId) params.set('lastEventId', lastEventId);
    const query = params.toString();
    const current = create(`${options.url}${query ? `?${query}` : ''}`);
    source = current;
    current.onopen = () => {
      attempt = 0;
      options.onStatus?.('open');
    };
    current.onmessage = (event) => {
      const message = parseLiveMessage(event.data);
      if (event.lastEventId) lastEventId = event.lastEventId;
      if (message) options.onMessage(message, event.lastEventId || null);
    };
    current.onerror = () => {
      // Dropped, refused or ended by the server (its token expired): start over with backoff.
      current.close();
      if (source !== current || closed) return;
      source = null;
      options.onStatus?.('reconnecting');
      timer = setTimeout(open, retryDelayMs(attempt, options.random));
      attempt += 1;
    };
  };

  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
      source = null;
    },
  };
}
