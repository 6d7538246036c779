import cors from 'cors';
import express, { type ErrorRequestHandler } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { createGuards } from './auth/middleware.js';
import { articleRoutes } from './articles/routes.js';
import { authRoutes } from './auth/routes.js';
import { AnswerCache, CacheGroup } from './cache/answer-cache.js';
import { watchedStore } from './cache/watched-store.js';
import type { AppDeps, RouteContext } from './context.js';
import { HttpError } from './errors.js';
import type { Store } from './store/port.js';
import { paymentRoutes, stripeWebhookRoutes } from './payments/routes.js';
import { publisherRoutes } from './publishers/routes.js';
import { createActivityTracker } from './stats/activity.js';
import { statsRoutes } from './stats/routes.js';
import { uploadRoutes } from './uploads/routes.js';
import { usersRoutes } from './users/routes.js';

/** User counts depend on the clock (premium expiry), so they are rebuilt at least every 5 s. */
const USER_STATS_TTL_MS = 5_000;
/** A successful request slower than this is logged at info like a failed one. */
export const SLOW_REQUEST_MS = 1_000;

const storesByApp = new WeakMap<express.Express, Store>();

/** The store an app's routes use (writes through it invalidate the app's cached answers). */
export function appStore(app: express.Express): Store {
  const store = storesByApp.get(app);
  if (!store) throw new Error('appStore: not an app made by createApp');
  return store;
}

/** Builds the Express app from its dependencies. Never listens (index.ts does). */
export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');

  const cache = new AnswerCache(() => deps.clock.now().getTime(), {
    [CacheGroup.userStats]: USER_STATS_TTL_MS,
  });
  const store = watchedStore(deps.store, cache);
  storesByApp.set(app, store);
  const activity = createActivityTracker({ ...deps, store });
  const guards = createGuards({
    jwtSecret: deps.config.jwtSecret,
    store,
    clock: deps.clock,
    onSeen: activity.onSeen,
  });
  const ctx: RouteContext = { ...deps, store, cache, guards };

  app.use(requestLogger(deps));
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  app.use(cors({ origin: deps.config.clientOrigins, credentials: false }));
  // Before express.json: the Stripe signature is checked over the raw body.
  app.use(stripeWebhookRoutes(ctx));
  app.use(express.json({ limit: '100kb' }));

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', store: deps.store.kind });
  });

  // Component routers are mounted here (see each folder's routes.ts).
  app.use(authRoutes(ctx));
  app.use(usersRoutes(ctx));
  app.use(statsRoutes(ctx));
  app.use(paymentRoutes(ctx));
  app.use(publisherRoutes(ctx));
  app.use(articleRoutes(ctx));
  app.use(uploadRoutes(ctx));

  app.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  app.use(errorHandler(deps));
  return app;
}

const startedAt = Symbol('startedAt');
type Timed = { [startedAt]?: number };

/**
 * Request log (pino-http), kept off the hot path of cached public reads: a fast success (< 400,
 * under SLOW_REQUEST_MS) is logged at debug, so at the default info level it costs no log line and no
 * serialization; failures (4xx info, 5xx error) and slow requests are logged at info or above.
 * Serializers take the raw req/res (wrapSerializers: false) and keep only id, method, url and status,
 * so no header (Authorization, Cookie) or body can reach the log.
 */
function requestLogger(deps: AppDeps): express.RequestHandler {
  let nextId = 0;
  const debugEnabled = () => deps.logger.isLevelEnabled('debug');
  return pinoHttp({
    logger: deps.logger,
    wrapSerializers: false,
    genReqId: (_req, res) => {
      (res as Timed)[startedAt] = performance.now();
      nextId = (nextId + 1) % 2_147_483_647;
      return nextId;
    },
    serializers: {
      req: (req: { id: unknown; method: string; originalUrl?: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.originalUrl ?? req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'info';
      const ms = performance.now() - ((res as Timed)[startedAt] ?? 0);
      if (ms >= SLOW_REQUEST_MS) return 'info';
      return debugEnabled() ? 'debug' : 'silent';
    },
  });
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
