import type { Request, Response } from 'express';
import { ipKeyGenerator, type Store } from 'express-rate-limit';
import type { RateLimit } from '../config.js';
import { HttpError } from '../errors.js';
import type { MissGuard } from './answer-cache.js';

/** Clients remembered at most; past it the oldest window is forgotten (memory stays bounded). */
const MAX_CLIENTS = 50_000;

export class TooManyRequests extends HttpError {
  constructor(message: string) {
    super(429, message);
  }
}

/**
 * Per-IP budget of public reads that miss the answer cache (new searches, filters, pages): each miss
 * costs a query, while a hit costs next to nothing and is never counted or refused. So the check is
 * not a middleware: routes hand `guard(req, res)` to the cache, which calls it only on a miss.
 *
 * Fixed windows per client (IPv6 grouped by /56 like express-rate-limit), kept in a Map in the order
 * their windows started, so expired ones are dropped from the front in passing.
 */
export class PublicReadLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number,
    private readonly maxClients = MAX_CLIENTS,
    /** With several instances, the counters in Redis (express-rate-limit's store interface). */
    private readonly shared?: Store,
  ) {
    shared?.init?.({ windowMs: limit.windowMs } as Parameters<NonNullable<Store['init']>>[0]);
  }

  /** As take(), counted in the shared store. */
  private async takeShared(store: Store, client: string): Promise<number> {
    const { totalHits, resetTime } = await store.increment(client);
    if (totalHits <= this.limit.max) return 0;
    const left = resetTime ? resetTime.getTime() - this.now() : this.limit.windowMs;
    return Math.max(1, Math.ceil(left / 1000));
  }

  /** Counts one miss for `client` and returns 0, or returns the seconds until it may miss again. */
  take(client: string): number {
    const now = this.now();
    for (const [key, w] of this.windows) {
      if (w.resetAt > now) break;
      this.windows.delete(key);
    }
    let w = this.windows.get(client);
    if (!w) {
      w = { count: 0, resetAt: now + this.limit.windowMs };
      this.windows.set(client, w);
      if (this.windows.size > this.maxClients) this.windows.delete(this.windows.keys().next().value!);
    }
    if (w.count >= this.limit.max) return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
    w.count++;
    return 0;
  }

  /** The miss guard of one request: refuses with 429 {message} and Retry-After once over budget. */
  guard(req: Request, res: Response): MissGuard {
    const refuse = (wait: number) => {
      if (wait === 0) return;
      res.set('Retry-After', String(wait));
      throw new TooManyRequests('Too many new searches, please try again later');
    };
    // Who the client is is worked out on a miss only: a hit (almost every request) costs nothing here.
    const client = () => ipKeyGenerator(req.ip ?? 'unknown');
    const { shared } = this;
    if (shared) return () => this.takeShared(shared, client()).then(refuse);
    return () => refuse(this.take(client()));
  }
}
