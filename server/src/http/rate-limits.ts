import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { PublicReadLimiter } from '../cache/public-read-limit.js';
import { RATE_LIMIT_DEFAULTS, type Config, type RateLimit } from '../config.js';

/** Anonymous uploads are for the registration photo: a strict per-IP limit. Signed-in users get a looser one. */
const DEFAULT_UPLOADS_ANONYMOUS = { windowMs: 10 * 60_000, max: 20 };
const DEFAULT_UPLOADS_USER = { windowMs: 10 * 60_000, max: 120 };

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
  /**
   * Public reads that miss the answer cache, per IP: not a middleware, since a cache hit is never
   * counted. Routes pass `publicReads.guard(req, res)` to the cache.
   */
  publicReads: PublicReadLimiter;
}

/** A limit answering 429 JSON {message} with Retry-After; per IP unless `key` says otherwise. */
function limiter(limit: RateLimit, message: string, key?: (req: Request) => string): RequestHandler {
  return rateLimit({
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

export function createRateLimits(config: Config, now: () => number): RateLimits {
  const limits = config.rateLimits;
  const tooManyUploads = 'Too many uploads, try again later';
  const uploadsUser = limiter(limits.uploadsUser ?? DEFAULT_UPLOADS_USER, tooManyUploads, byUser('uploads'));
  const uploadsAnonymous = limiter(limits.uploadsAnonymous ?? DEFAULT_UPLOADS_ANONYMOUS, tooManyUploads);
  // A second, daily window: the short one alone lets one IP store thousands of images a day.
  const uploadsAnonymousDaily = limiter(
    limits.uploadsAnonymousDaily ?? RATE_LIMIT_DEFAULTS.uploadsAnonymousDaily,
    tooManyUploads,
  );

  return {
    auth: limiter(limits.auth, 'Too many requests, please try again later'),
    paymentIntents: limiter(
      limits.paymentIntents ?? RATE_LIMIT_DEFAULTS.paymentIntents,
      'Too many payment attempts, please try again later',
      byUser('paymentIntents'),
    ),
    viewCounts: limiter(
      limits.viewCounts ?? RATE_LIMIT_DEFAULTS.viewCounts,
      'Too many views, please slow down',
      byUser('viewCounts'),
    ),
    edits: limiter(
      limits.edits ?? RATE_LIMIT_DEFAULTS.edits,
      'Too many edits, please slow down',
      byUser('edits'),
    ),
    uploads: (req, res, next) => {
      if (req.auth) return uploadsUser(req, res, next);
      uploadsAnonymous(req, res, (err?: unknown) =>
        err ? next(err) : uploadsAnonymousDaily(req, res, next),
      );
    },
    publicReads: new PublicReadLimiter(limits.publicReads ?? RATE_LIMIT_DEFAULTS.publicReads, now),
  };
}
