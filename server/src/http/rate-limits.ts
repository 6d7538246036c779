import type { Request, RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import { PublicReadLimiter } from '../cache/public-read-limit.js';
import { RATE_LIMIT_DEFAULTS, type Config, type RateLimit } from '../config.js';

/** Anonymous uploads are for the registration photo: a strict per-IP limit. Signed-in users get a looser one. */
const DEFAULT_UPLOADS_ANONYMOUS = { windowMs: 10 * 60_000, max: 20 };
const DEFAULT_UPLOADS_USER = { windowMs: 10 * 60_000, max: 120 };
/** Each follow drops the follower's "For you" (and a writer's page): a loop must not cost the others. */
const DEFAULT_FOLLOWS = { windowMs: 60_000, max: 30 };
/** Each change of mail preferences may mail a confirm link: a loop must not mail someone a hundred. */
const DEFAULT_MAIL_PREFERENCES = { windowMs: 60_000, max: 10 };
/** Signed mail links are answered without a session: per IP, against guessing. */
const DEFAULT_MAIL_LINKS = { windowMs: 60_000, max: 30 };
/** A reader opens a gift link once; 60 a minute from one IP is far past any person's use. */
const DEFAULT_GIFT_OPENS = { windowMs: 60_000, max: 60 };
/** Comments per user (docs/decisions/comments.md): an account younger than this gets a fifth. */
const NEW_ACCOUNT_MS = 24 * 3600_000;

/** Every rate limit of the API, configured here from Config (app.ts builds them once per app). */
export interface RateLimits {
  /** POST /jwt and /users*: per IP. */
  auth: RequestHandler;
  /** POST /create-payment-intent: per user, mount after requireUser. */
  paymentIntents: RequestHandler;
  /** PATCH /articles/view-count: per user, mount after requireUser. */
  viewCounts: RequestHandler;
  /**
   * PATCH /my-articles/update/:id and PATCH /users/:email: per user, mount after requireUser(Record).
   * Each edit writes and drops cached answers: a loop on one's own draft must not cost every reader.
   */
  edits: RequestHandler;
  /** POST /uploads: per user when signed in (mount after optionalUser), else per IP, short and daily. */
  uploads: RequestHandler;
  /** POST and DELETE /follows/...: per user, mount after requireUser(Record). */
  follows: RequestHandler;
  /** PUT /me/mail-preferences: per user, mount after requireUser(Record). */
  mailPreferences: RequestHandler;
  /** PUT /me/drafts/{key} (autosave): per user, mount after requireUserRecord. */
  draftSaves: RequestHandler;
  /** GET and POST /mail/confirm and /mail/unsubscribe: per IP. */
  mailLinks: RequestHandler;
  /** POST /gift-links/open: per IP (signed out included). */
  giftOpens: RequestHandler;
  /**
   * POST /articles/{id}/comments: per user, a short and a daily window, fewer for an account younger
   * than a day; refused posts (4xx) do not count. Mount after requireUserRecord.
   */
  comments: RequestHandler;
  /**
   * Every route that can call Stripe (payment intents, redemptions, billing, admin billing and
   * refunds): per IP, then per user, one budget across those routes. Mount after a guard that sets
   * req.auth.
   */
  stripeCalls: RequestHandler;
  /**
   * Public reads that miss the answer cache, per IP: not a middleware, since a cache hit is never
   * counted. Routes pass `publicReads.guard(req, res)` to the cache.
   */
  publicReads: PublicReadLimiter;
}

/** Where a limit counts: this process's memory (one instance), or Redis shared by every instance. */
type Stores = (name: string) => Store | undefined;

/** Each limit's counters under its own prefix in Redis: N instances allow N in total, not N × N. */
export const redisStores =
  (redis: Redis): Stores =>
  (name) =>
    new RedisStore({
      prefix: `newsroom:rl:${name}:`,
      sendCommand: (command: string, ...args: string[]) =>
        redis.call(command, ...args) as Promise<boolean | number | string>,
    });

/** A limit answering 429 JSON {message} with Retry-After; per IP unless `key` says otherwise. */
function limiter(
  limit: RateLimit,
  message: string,
  key?: (req: Request) => string,
  store?: Store,
): RequestHandler {
  return rateLimit({
    ...(store ? { store } : {}),
    windowMs: limit.windowMs,
    limit: limit.max,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // A limit of 0 refuses everything (the contract test's budgets): meant, not a v6 leftover.
    ...(limit.max === 0 ? { validate: { limit: false } } : {}),
    ...(key ? { keyGenerator: key } : {}),
    handler: (_req, res) => {
      res.status(429).json({ message });
    },
  });
}

/** Counted per signed-in user (uid). */
const byUser = (name: string) => (req: Request) => {
  if (!req.auth) throw new Error(`${name} limit: mount it after a guard that sets req.auth`);
  return `uid:${req.auth.uid}`;
};

/** `redis`: with several instances the counters live there (cluster/); else in this process. */
export function createRateLimits(config: Config, now: () => number, redis?: Redis): RateLimits {
  const limits = config.rateLimits;
  const store: Stores = redis ? redisStores(redis) : () => undefined;
  /** A limit per signed-in user (mount after a guard that sets req.auth), shared as `kebab-name`. */
  const perUser = (name: string, limit: RateLimit, message: string) =>
    limiter(limit, message, byUser(name), store(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)));
  const tooManyUploads = 'Too many uploads, try again later';
  const uploadsUser = limiter(
    limits.uploadsUser ?? DEFAULT_UPLOADS_USER,
    tooManyUploads,
    byUser('uploads'),
    store('uploads-user'),
  );
  const uploadsAnonymous = limiter(
    limits.uploadsAnonymous ?? DEFAULT_UPLOADS_ANONYMOUS,
    tooManyUploads,
    undefined,
    store('uploads-anonymous'),
  );
  // A second, daily window: the short one alone lets one IP store thousands of images a day.
  const uploadsAnonymousDaily = limiter(
    limits.uploadsAnonymousDaily ?? RATE_LIMIT_DEFAULTS.uploadsAnonymousDaily,
    tooManyUploads,
    undefined,
    store('uploads-anonymous-daily'),
  );

  const tooManyStripeCalls = 'Too many payment requests, please try again later';
  // One budget across the routes that can call Stripe (docs/decisions/subscriptions.md): per address,
  // then per user. A billing page visit and a switch take a handful.
  const stripeIp = limiter(
    limits.stripeIp ?? RATE_LIMIT_DEFAULTS.stripeIp,
    tooManyStripeCalls,
    undefined,
    store('stripe-ip'),
  );
  const stripeUser = limiter(
    limits.stripeUser ?? RATE_LIMIT_DEFAULTS.stripeUser,
    tooManyStripeCalls,
    byUser('stripeCalls'),
    store('stripe-user'),
  );

  // A comment limit: the account's age decides its budget (req.currentUser, from requireUserRecord).
  const commentLimit = (limit: RateLimit, name: string, shared = store(name)) =>
    rateLimit({
      ...(shared ? { store: shared } : {}),
      windowMs: limit.windowMs,
      limit: (req) => {
        const created = Date.parse(req.currentUser?.createdAt ?? '');
        const young = !(now() - created >= NEW_ACCOUNT_MS);
        return young ? Math.max(1, Math.floor(limit.max / 5)) : limit.max;
      },
      skipFailedRequests: true,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      keyGenerator: byUser('comments'),
      handler: (_req, res) => {
        res.status(429).json({ message: 'You are commenting too fast, please wait a little' });
      },
    });
  const commentsShort = commentLimit(limits.comments ?? RATE_LIMIT_DEFAULTS.comments, 'comments');
  const commentsDaily = commentLimit(
    limits.commentsDaily ?? RATE_LIMIT_DEFAULTS.commentsDaily,
    'comments-daily',
  );

  return {
    comments: (req, res, next) => {
      commentsShort(req, res, (err?: unknown) => (err ? next(err) : commentsDaily(req, res, next)));
    },
    auth: limiter(limits.auth, 'Too many requests, please try again later', undefined, store('auth')),
    paymentIntents: perUser(
      'paymentIntents',
      limits.paymentIntents ?? RATE_LIMIT_DEFAULTS.paymentIntents,
      'Too many payment attempts, please try again later',
    ),
    viewCounts: perUser(
      'viewCounts',
      limits.viewCounts ?? RATE_LIMIT_DEFAULTS.viewCounts,
      'Too many views, please slow down',
    ),
    edits: perUser('edits', limits.edits ?? RATE_LIMIT_DEFAULTS.edits, 'Too many edits, please slow down'),
    follows: perUser('follows', limits.follows ?? DEFAULT_FOLLOWS, 'Too many follows, please slow down'),
    mailPreferences: perUser(
      'mailPreferences',
      limits.mailPreferences ?? DEFAULT_MAIL_PREFERENCES,
      'Too many changes, please slow down',
    ),
    draftSaves: perUser(
      'draftSaves',
      limits.draftSaves ?? RATE_LIMIT_DEFAULTS.draftSaves,
      'Too many saves, please slow down',
    ),
    mailLinks: limiter(
      limits.mailLinks ?? DEFAULT_MAIL_LINKS,
      'Too many requests, please try again later',
      undefined,
      store('mail-links'),
    ),
    giftOpens: limiter(
      limits.giftOpens ?? DEFAULT_GIFT_OPENS,
      'Too many requests, please try again later',
      undefined,
      store('gift-opens'),
    ),
    stripeCalls: (req, res, next) => {
      stripeIp(req, res, (err?: unknown) => (err ? next(err) : stripeUser(req, res, next)));
    },
    uploads: (req, res, next) => {
      if (req.auth) return uploadsUser(req, res, next);
      uploadsAnonymous(req, res, (err?: unknown) =>
        err ? next(err) : uploadsAnonymousDaily(req, res, next),
      );
    },
    publicReads: new PublicReadLimiter(
      limits.publicReads ?? RATE_LIMIT_DEFAULTS.publicReads,
      now,
      undefined,
      store('public-reads'),
    ),
  };
}
