import { siteHop } from './http/site-hop.js';
import cors from 'cors';
import express, { type ErrorRequestHandler } from 'express';
import helmet from 'helmet';
import { createGuards } from './auth/middleware.js';
import { articleRoutes } from './articles/routes.js';
import { readingRoutes } from './articles/reading-routes.js';
import { draftRoutes } from './drafts/routes.js';
import { followRoutes } from './follows/routes.js';
import { mailRoutes } from './mail/routes.js';
import { subscribeMail } from './mail/subscriber.js';
import { giftRoutes } from './gifts/routes.js';
import { commentRoutes } from './comments/routes.js';
import { authRoutes } from './auth/routes.js';
import { AnswerCache, CacheGroup } from './cache/answer-cache.js';
import { invalidate } from './cache/invalidation.js';
import { InProcessDomainEvents, type DomainEvents } from './events/domain.js';
import { compressJsonAnswers } from './cache/compress.js';
import type { AppDeps, RouteContext } from './context.js';
import { HttpError } from './errors.js';
import { createRateLimits } from './http/rate-limits.js';
import { createLiveEvents, type LiveEvents } from './events/live.js';
import { mountedSite } from './site/mounted.js';
import { eventRoutes } from './events/routes.js';
import { maskUrl } from './logger.js';
import { knownHostsOnly } from './http/known-hosts.js';
import { paymentRoutes, stripeWebhookRoutes } from './payments/routes.js';
import { billingRoutes, billingWebhookHandler } from './billing/routes.js';
import { revenueRoutes } from './billing/revenue-routes.js';
import { premiumGrantRoutes } from './billing/grant-routes.js';
import { publisherRoutes } from './publishers/routes.js';
import { buildServices, type Services } from './services.js';
import { statsRoutes } from './stats/routes.js';
import { uploadRoutes } from './uploads/routes.js';
import { openApiRoutes, undeclaredMethods } from './openapi/routes.js';
import { usersRoutes } from './users/routes.js';
import { metaOperations } from '@newsroom/common/api/platform';
import { serve } from './http/operation.js';

/** User counts depend on the clock (premium expiry), so they are rebuilt at least every 5 s. */
const USER_STATS_TTL_MS = 5_000;
/** A reader's "For you" list is kept briefly (docs/decisions/follows-and-feed.md). */
const FOR_YOU_TTL_MS = 60_000;
/** A successful request slower than this is logged at info like a failed one. */
export const SLOW_REQUEST_MS = 1_000;

/** Builds the Express app from its dependencies. Never listens (index.ts does). */
export function createApp(deps: AppDeps): express.Express {
  return createAppWithParts(deps).app;
}

/** What an app is built from besides its dependencies (tests reach for them). */
export interface AppParts {
  app: express.Express;
  cache: AnswerCache;
  /** Where the app's services publish what happened; its cache and live streams subscribe. */
  events: DomainEvents;
  /** Every service of the app, built once (services.ts): the sweeps and the billing repair use them. */
  services: Services;
  live: LiveEvents;
  /**
   * Resolves once what the event subscribers started (mails being queued) is done: wait for it before
   * closing the store.
   */
  settled(): Promise<void>;
}

/** createApp, also answering its cache, domain events and live events. */
export function createAppWithParts(deps: AppDeps): AppParts {
  const app = express();
  app.disable('x-powered-by');
  // Whose X-Forwarded-For names the client (TRUST_PROXY; README, Running in production).
  app.set('trust proxy', deps.config.trustProxy);
  app.set('query parser', 'simple');
  // Our site server's calls name their visitor when they carry SITE_API_SECRET (http/site-hop.ts).
  app.use(siteHop(deps.config.siteApiSecret));

  const { shared } = deps;
  const cache = new AnswerCache(() => deps.clock.now().getTime(), {
    [CacheGroup.userStats]: USER_STATS_TTL_MS,
    [CacheGroup.forYou]: FOR_YOU_TTL_MS,
  });
  // Services publish what happened once it is written; with several instances, to the log they all
  // read (cluster/change-log.ts). The cache subscribes first: an event's answers are gone before its
  // live event reaches a browser, which then refetches the new state.
  const events: DomainEvents & { startId?: string } =
    shared?.events ??
    new InProcessDomainEvents((err) => deps.logger.error({ err }, 'domain event listener failed'));
  events.subscribe((event) => invalidate(cache, event));
  // Every service, built once; each writer says what it did on `events`.
  const services = buildServices({ ...deps, events, cache });
  // Mails follow what happened: queued in the shared outbox, sent by the sweeps (mail/).
  const mail = subscribeMail(events, { ...deps, followUps: services.followUps });
  // A deleted article's update drafts go with it (idempotent: every instance may run it).
  events.subscribe((event) => {
    if (event.type !== 'article.deleted') return;
    services.drafts
      .dropForArticle(event.article.id)
      .catch((err: unknown) => deps.logger.error({ err }, 'dropping a deleted article’s drafts failed'));
  });
  const live = createLiveEvents(events);
  if (shared) {
    shared.events.run();
    // Read your writes on any instance: every request first applies the events of every write
    // acknowledged before it arrived (one Redis read, shared by concurrent requests).
    app.use((_req, res, next) => {
      shared.events.sync().then(
        () => next(),
        (err: unknown) => {
          deps.logger.error({ err }, 'the shared event log does not answer');
          res.status(503).json({ message: 'The shared state does not answer' });
        },
      );
    });
  }
  const store = deps.store;
  const guards = createGuards({
    jwtSecret: deps.config.jwtSecret,
    users: services.users,
    clock: deps.clock,
    onSeen: services.activity.onSeen,
    userWrites: (email) => cache.version(CacheGroup.userRecords, email),
  });
  const limits = createRateLimits(deps.config, () => deps.clock.now().getTime(), shared?.redis);
  const ctx: RouteContext = { ...deps, store, cache, guards, limits, events, services };

  // JSON answers of 1 KB or more go out compressed by Accept-Encoding (cached ones precompressed).
  compressJsonAnswers(app);
  app.use(requestLogger(deps));
  // The demo trusts the Auth emulator: no page under another name may drive it (DNS rebinding).
  if (deps.config.firebaseAuthEmulatorHost) app.use(knownHostsOnly([deps.config.publicUrl]));
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  app.use(cors({ origin: deps.config.clientOrigins, credentials: false }));
  // A declared path asked with a method it does not have: 405 with Allow (docs/api-contract.md), before
  // a route of a templated path could take it (DELETE /comments/counts is no comment "counts").
  app.use(undeclaredMethods());
  // Ahead of limiters, timeouts and compression: one long stream, each event sent as written.
  app.use(eventRoutes(ctx, live.streams));
  // Before express.json: the Stripe signature is checked over the raw body.
  app.use(stripeWebhookRoutes(ctx, [billingWebhookHandler(ctx)]));
  app.use(express.json({ limit: '100kb' }));

  // Healthy only when the store answers: a load balancer takes an instance whose database is gone
  // out of rotation instead of sending it readers.
  serve(app, metaOperations.health, async (_input, _req, res) => {
    try {
      await deps.store.ping();
      if (shared) await shared.redis.ping();
      res.json({ status: 'ok', store: deps.store.kind, ...(shared ? { shared: 'redis' } : {}) });
    } catch (err) {
      deps.logger.warn({ err }, 'health: the store does not answer');
      res.status(503).json({ message: 'The database does not answer' });
    }
  });

  // Component routers are mounted here (see each folder's routes.ts). Express tries every route of
  // every router before the one that matches, so the routers of the hot reads (the article lists and
  // pages and their comments, "For you", publishers, counts) come first; no two routers' paths overlap, so the order
  // changes no answer (app.test.ts fails when a path and method reach two routers).
  app.use(readingRoutes(ctx));
  app.use(articleRoutes(ctx));
  app.use(commentRoutes(ctx));
  app.use(publisherRoutes(ctx));
  app.use(statsRoutes(ctx));
  app.use(authRoutes(ctx));
  app.use(usersRoutes(ctx));
  app.use(paymentRoutes(ctx));
  app.use(billingRoutes(ctx));
  app.use(revenueRoutes(ctx));
  app.use(premiumGrantRoutes(ctx));
  app.use(followRoutes(ctx));
  app.use(draftRoutes(ctx));
  app.use(mailRoutes(ctx));
  app.use(giftRoutes(ctx));
  app.use(uploadRoutes(ctx));
  // The API's own description: GET /openapi.json and the reference page GET /docs.
  app.use(openApiRoutes());
  // One process in production: the site's pages and the client build, after every API route.
  if (deps.config.serveClient) app.use(mountedSite(ctx, live));

  app.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  app.use(errorHandler(deps));
  return { app, cache, events, services, live, settled: () => mail.settled() };
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the request logger: the client's valid x-request-id, else a per-process counter. */
    id?: number | string;
  }
}

const startedAt = Symbol('startedAt');
/** A GET /events stream is long by design, not slow. */
const isEventStream = (res: express.Response) =>
  String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');
type Timed = { [startedAt]?: number };
/** A client-supplied x-request-id is used only when it is a short plain token. */
const REQUEST_ID = /^[\w.:@-]{1,64}$/;

/**
 * Request log, kept off the hot path of cached public reads: per request it only stamps an id and
 * the start time and adds one shared 'finish' listener (no child logger, no closure). A fast success
 * (< 400, under SLOW_REQUEST_MS) is logged at debug only when debug is enabled, so at the default
 * info level it builds no log object at all; failures (4xx info, 5xx error) and slow requests are
 * logged as {reqId, method, url, status, ms}: no header (Authorization, Cookie) or body reaches the log,
 * and email addresses and `token=` values in the URL are masked.
 */
function requestLogger(deps: AppDeps): express.RequestHandler {
  const { logger } = deps;
  let nextId = 0;
  function onFinish(this: express.Response): void {
    const status = this.statusCode;
    const ms = performance.now() - ((this as Timed)[startedAt] ?? 0);
    let level: 'error' | 'info' | 'debug';
    if (status >= 500) level = 'error';
    else if (status >= 400 || (ms >= SLOW_REQUEST_MS && !isEventStream(this))) level = 'info';
    else if (logger.isLevelEnabled('debug')) level = 'debug';
    else return;
    const req = this.req;
    logger[level](
      {
        reqId: req.id,
        method: req.method,
        url: maskUrl(req.originalUrl),
        status,
        ms: Math.round(ms * 10) / 10,
      },
      'request completed',
    );
  }
  return (req, res, next) => {
    (res as Timed)[startedAt] = performance.now();
    const given = req.headers['x-request-id'];
    if (typeof given === 'string' && REQUEST_ID.test(given)) req.id = given;
    else req.id = nextId = (nextId % 2_147_483_647) + 1;
    res.once('finish', onFinish);
    next();
  };
}

function errorHandler(deps: AppDeps): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (err instanceof HttpError) {
      res.status(err.status).json({ message: err.message, ...err.body });
      return;
    }
    // body-parser errors carry a status (400 malformed JSON, 413 too large).
    const status =
      typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) {
      deps.logger.error({ err, reqId: req.id }, 'unhandled error');
      res.status(500).json({ message: 'Internal server error' });
      return;
    }
    res.status(status).json({ message: status === 413 ? 'Request body too large' : 'Malformed request' });
  };
}
