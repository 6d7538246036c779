import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DomainEvent, DomainEvents, DomainListener } from '../events/domain.js';

export interface RedisChangeLogOptions {
  /** The stream's key (one per deployment). */
  key?: string;
  /**
   * Events kept in the log (approximately: Redis trims whole blocks; default 10 000, a couple of MB,
   * counted views included). A reconnecting browser resumes from the newest 1 000 live events its
   * instance holds; older ones get a `resync`. Also how many an instance replays when it starts.
   */
  keep?: number;
  logger: Logger;
}

/** Stream ids are `<ms>-<seq>`; compares two of them. */
export function compareIds(a: string, b: string): number {
  const [am = 0, as = 0] = a.split('-').map(Number);
  const [bm = 0, bs = 0] = b.split('-').map(Number);
  return am - bm || as - bs;
}

type Entry = [id: string, fields: string[]];

/**
 * The domain events of every instance, in one order, on a Redis Stream (XADD / XREAD / XRANGE). Each
 * instance reads every entry, its own included, and hands it to its subscribers (the answer cache,
 * the live streams); ids are the stream's, the same on every instance, so a browser's Last-Event-ID
 * from one instance means the same on another. `reader` is a connection of its own (XREAD blocks it).
 */
export class RedisChangeLog implements DomainEvents {
  readonly instance = randomBytes(6).toString('hex');
  /** The id just before the first event this instance will apply (its live streams start there). */
  private readonly key: string;
  private readonly keep: number;
  private readonly listeners = new Set<DomainListener>();
  private applied = '0-0';
  private closed = false;
  private pump: Promise<void> | null = null;
  private syncing: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  startId = '0-0';

  private constructor(
    private readonly redis: Redis,
    private readonly reader: Redis,
    private readonly options: RedisChangeLogOptions,
  ) {
    this.key = options.key ?? 'newsroom:changes';
    this.keep = options.keep ?? 10_000;
  }

  /**
   * Opens the log where an instance starting now begins: `keep` changes back, so its live streams can
   * replay what browsers coming from another instance missed. Call `run()` once listeners are in place.
   */
  static async open(redis: Redis, reader: Redis, options: RedisChangeLogOptions): Promise<RedisChangeLog> {
    const log = new RedisChangeLog(redis, reader, options);
    const tail = (await redis.xrevrange(log.key, '+', '-', 'COUNT', log.keep + 1)) as Entry[];
    log.startId = tail.length > log.keep ? tail[tail.length - 1]![0] : '0-0';
    log.applied = log.startId;
    return log;
  }

  /** Starts reading: the changes since startId, then every new one as it is appended. */
  run(): void {
    if (this.pump || this.closed) return;
    this.pump = this.follow();
  }

  /**
   * Appends the event, then reads the log up to it: this instance's subscribers have seen it (and
   * everything before it) when this resolves, so the request that made it answers with its own write
   * in every cached answer. When Redis does not take it, this instance alone learns it (logged).
   */
  async publish(event: DomainEvent): Promise<void> {
    try {
      await this.redis.xadd(this.key, 'MAXLEN', '~', String(this.keep), '*', 'e', JSON.stringify(event));
    } catch (err) {
      this.options.logger.error(
        { err, event: event.type },
        'domain event not shared with the other instances',
      );
      this.deliver(event);
      return;
    }
    // In the log: this instance applies it by reading the log (now, or from the pump if this fails).
    await this.sync().catch((err: unknown) =>
      this.options.logger.warn({ err, event: event.type }, 'change log: catching up failed; the reader will'),
    );
  }

  subscribe(listener: DomainListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Applies every event in the log up to now before it resolves: a request that waits for it sees
   * every write acknowledged (on any instance) before it arrived. Concurrent callers share one read.
   */
  sync(): Promise<void> {
    if (!this.syncing) {
      this.syncing = this.catchUp().finally(() => {
        this.syncing = null;
      });
      return this.syncing;
    }
    // A read already on its way may have been sent before this caller's request arrived: wait for
    // the next one, which every caller arriving meanwhile shares.
    this.queued ??= this.syncing
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.sync();
      });
    return this.queued;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.reader.disconnect();
    await this.pump?.catch(() => undefined);
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      const entries = (await this.redis.xrange(this.key, `(${this.applied}`, '+', 'COUNT', 500)) as Entry[];
      this.apply(entries);
      if (entries.length < 500) return;
    }
  }

  private async follow(): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      try {
        const answer = (await this.reader.xread('BLOCK', 5_000, 'STREAMS', this.key, this.applied)) as Array<
          [string, Entry[]]
        > | null;
        failures = 0;
        if (answer) for (const [, entries] of answer) this.apply(entries);
      } catch (err) {
        if (this.closed) return;
        failures++;
        this.options.logger.warn({ err }, 'change log: reading failed, retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 100 * 2 ** failures)));
      }
    }
  }

  /** Applies entries in order, each once, whichever read brought it. */
  private apply(entries: Entry[]): void {
    for (const [id, fields] of entries) {
      if (compareIds(id, this.applied) <= 0) continue;
      this.applied = id;
      const raw = fields[fields.indexOf('e') + 1];
      let event: DomainEvent | null = null;
      try {
        event = raw ? (JSON.parse(raw) as DomainEvent) : null;
      } catch (err) {
        this.options.logger.error({ err, id }, 'change log: unreadable entry skipped');
      }
      if (event) this.deliver(event, id);
    }
  }

  private deliver(event: DomainEvent, id?: string): void {
    for (const listener of this.listeners) {
      try {
        listener(event, id);
      } catch (err) {
        this.options.logger.error({ err, id }, 'domain event listener failed');
      }
    }
  }
}
