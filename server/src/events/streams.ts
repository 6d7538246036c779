import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { TooManyRequests } from '../cache/public-read-limit.js';
import type { EventSource } from './bus.js';
import { canSee, isNamed, type AddressedEvent, type Viewer } from './types.js';

export interface StreamOptions {
  /** Recent events kept for replay after Last-Event-ID. */
  ringSize?: number;
  /** A comment line this often keeps proxies and the browser from timing the stream out. */
  heartbeatMs?: number;
  /** A client this far behind (bytes not yet taken by its socket) is dropped; it reconnects and replays. */
  maxBufferedBytes?: number;
  /**
   * Open streams one client may hold: a signed-in user (by account), else an address (IPv6 grouped by
   * /56, as every per-address limit): a browser holds one per tab, an office or a school behind one
   * address a few dozen; one attacker cannot hold the process's sockets. Default 64.
   */
  maxPerClient?: number;
  /** Open streams in this process, all clients together (file descriptors, memory). Default 10 000. */
  maxStreams?: number;
  /**
   * The share of `maxStreams` only signed-in streams may take (default 0.25): anonymous streams, which
   * cost nothing to open from many addresses, cannot lock readers with accounts out of live updates.
   */
  signedInShare?: number;
  now?: () => number;
}

interface Entry {
  id: string;
  audience: AddressedEvent['audience'];
  /** The frame as the named users (the writer) get it, and as everyone else does. */
  own: string;
  other: string;
}

interface Stream {
  res: Response;
  viewer: Viewer;
  /** When the session token it was opened with expires (ms); null for anonymous. */
  expiresAt: number | null;
  /** Who holds it (`user:<email>` or `ip:<address or /56>`), for the per-client limit. */
  client: string;
}

export interface OpenOptions {
  lastEventId?: string;
  expiresAt?: number | null;
}

/** How long a refused client is asked to wait before it tries again (Retry-After, seconds). */
export const STREAM_RETRY_AFTER_S = 30;

/**
 * The open GET /events streams of this process: stamps each bus event with an increasing id,
 * keeps the last `ringSize` for replay, writes each event once per stream that may see it, sends
 * heartbeats, and ends streams whose session expired (the client reconnects with its new token).
 *
 * With one process, ids are `<epoch>-<seq>`: the epoch is random per process, so an id from before a
 * restart is recognised as unknown and answered with a `resync` event instead of a replay. With
 * several instances the bus hands each event the id of the log they share (cluster/change-log.ts),
 * the same on every instance, so a browser resumes on another instance where it left off.
 */
export class EventStreams {
  private readonly epoch = randomBytes(4).toString('hex');
  private seq = 0;
  /** The newest event's id, and the id just before the ring's oldest one (replay starts after it). */
  private newestId: string;
  private baseId: string;
  private readonly ring: Entry[] = [];
  private readonly streams = new Set<Stream>();
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;
  private readonly ringSize: number;
  private readonly heartbeatMs: number;
  private readonly maxBufferedBytes: number;
  private readonly maxPerClient: number;
  private readonly maxStreams: number;
  private readonly perClient = new Map<string, number>();
  /** Streams anonymous viewers may hold together (maxStreams less the signed-in share). */
  private readonly maxAnonymous: number;
  private anonymous = 0;
  private readonly now: () => number;

  constructor(bus: EventSource, options: StreamOptions = {}) {
    this.ringSize = options.ringSize ?? 1_000;
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 256 * 1024;
    this.maxPerClient = options.maxPerClient ?? 64;
    this.maxStreams = options.maxStreams ?? 10_000;
    this.maxAnonymous = this.maxStreams - Math.ceil(this.maxStreams * (options.signedInShare ?? 0.25));
    this.now = options.now ?? Date.now;
    this.newestId = this.baseId = bus.startId ?? this.idOf(0);
    this.unsubscribe = bus.subscribe((event, id) => this.deliver(event, id));
  }

  /** Open streams right now. */
  get size(): number {
    return this.streams.size;
  }

  /** The id of the newest event (what a client that saw everything would send as Last-Event-ID). */
  get lastId(): string {
    return this.newestId;
  }

  /**
   * Takes over `res` as an event stream for `viewer`; it stays open until either side closes it.
   * Throws TooManyRequests (nothing written but Retry-After) when the client, or the process, holds
   * as many streams as it may.
   */
  open(req: Request, res: Response, viewer: Viewer, options: OpenOptions = {}): void {
    // Gone while its session was being looked up: its 'close' has fired already, nothing to keep.
    if (req.socket.destroyed || res.destroyed) return;
    const client = viewer.email
      ? `user:${viewer.email}`
      : `ip:${ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown')}`;
    const held = this.perClient.get(client) ?? 0;
    const full = viewer.email ? this.streams.size >= this.maxStreams : this.anonymous >= this.maxAnonymous;
    if (held >= this.maxPerClient || full) {
      res.set('Retry-After', String(STREAM_RETRY_AFTER_S));
      throw new TooManyRequests(
        held >= this.maxPerClient
          ? `Too many live event streams ${viewer.email ? 'for this account' : 'from this address'}; close some tabs or try again later`
          : 'The server holds as many live event streams as it can; try again later',
      );
    }
    const stream: Stream = { res, viewer: { ...viewer }, expiresAt: options.expiresAt ?? null, client };
    req.socket.setNoDelay(true);
    req.socket.setKeepAlive(true);
    res.setTimeout(0);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: proxies must not compress or rewrite; X-Accel-Buffering: nginx must not buffer.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();

    // Replay and registration happen in one synchronous step, so no event falls between them.
    let head = 'retry: 3000\n\n';
    if (options.lastEventId !== undefined) head += this.replay(stream.viewer, options.lastEventId);
    head += `id: ${this.lastId}\ndata: {"type":"ready"}\n\n`;
    res.write(head);
    this.add(stream);
    this.startHeartbeat();

    res.on('close', () => {
      this.remove(stream);
      if (this.streams.size === 0) this.stopHeartbeat();
    });
  }

  /** Ends every stream and stops listening to the bus (shutdown). */
  close(): void {
    this.unsubscribe();
    for (const { res } of this.streams) {
      // Close the connection too: a kept-alive socket would hold a closing server open.
      const socket = res.socket;
      res.end(() => socket?.destroy());
    }
    this.streams.clear();
    this.perClient.clear();
    this.anonymous = 0;
    this.stopHeartbeat();
  }

  private add(stream: Stream): void {
    this.streams.add(stream);
    if (!stream.viewer.email) this.anonymous++;
    this.perClient.set(stream.client, (this.perClient.get(stream.client) ?? 0) + 1);
  }

  /** Forgets a stream (once: 'close' follows a cut or an expiry). */
  private remove(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    if (!stream.viewer.email) this.anonymous--;
    const held = (this.perClient.get(stream.client) ?? 1) - 1;
    if (held > 0) this.perClient.set(stream.client, held);
    else this.perClient.delete(stream.client);
  }

  private idOf(seq: number): string {
    return `${this.epoch}-${seq}`;
  }

  /** The frames after `lastEventId` this viewer may see, or a `resync` when they cannot be told. */
  private replay(viewer: Viewer, lastEventId: string): string {
    if (lastEventId === this.newestId) return '';
    let start = 0;
    if (lastEventId !== this.baseId) {
      // An id of another epoch, from the future, or pushed out of the ring: start over.
      const at = this.ring.findLastIndex((entry) => entry.id === lastEventId);
      if (at < 0) return `id: ${this.lastId}\ndata: {"type":"resync"}\n\n`;
      start = at + 1;
    }
    let frames = '';
    for (let i = start; i < this.ring.length; i++) {
      const entry = this.ring[i]!;
      if (!canSee(viewer, entry.audience)) continue;
      frames += isNamed(viewer, entry.audience) ? entry.own : entry.other;
    }
    return frames;
  }

  private deliver({ event, audience }: AddressedEvent, sharedId?: string): void {
    const id = sharedId ?? this.idOf(++this.seq);
    this.newestId = id;
    const frame = (own: boolean) => `id: ${id}\ndata: ${JSON.stringify({ ...event, own })}\n\n`;
    const other = frame(false);
    const entry: Entry = { id, audience, own: audience.users.length ? frame(true) : other, other };
    this.ring.push(entry);
    if (this.ring.length > this.ringSize) this.baseId = this.ring.shift()!.id;

    for (const stream of this.streams) {
      const named = isNamed(stream.viewer, audience);
      // A promoted user's open stream gets admin events from now on, without reconnecting.
      if (named && event.type === 'user.madeAdmin') stream.viewer.admin = true;
      if (!canSee(stream.viewer, audience)) continue;
      this.write(stream, named ? entry.own : entry.other);
    }
  }

  private write(stream: Stream, chunk: string): void {
    if (stream.res.writableLength > this.maxBufferedBytes) {
      // A stalled reader would hold memory without bound; cut it, it resumes by Last-Event-ID.
      this.remove(stream);
      stream.res.destroy();
      return;
    }
    stream.res.write(chunk);
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private beat(): void {
    const now = this.now();
    for (const stream of this.streams) {
      if (stream.expiresAt !== null && now >= stream.expiresAt) {
        this.remove(stream);
        stream.res.end();
      } else {
        this.write(stream, ': ping\n\n');
      }
    }
  }
}
