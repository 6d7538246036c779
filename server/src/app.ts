import cors from 'cors';
import express, { type ErrorRequestHandler } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { createGuards } from './auth/middleware.js';
import { articleRoutes } from './articles/routes.js';
import { authRoutes } from './auth/routes.js';
import type { AppDeps, RouteContext } from './context.js';
import { HttpError } from './errors.js';
import { paymentRoutes, stripeWebhookRoutes } from './payments/routes.js';
import { publisherRoutes } from './publishers/routes.js';
import { createActivityTracker } from './stats/activity.js';
import { statsRoutes } from './stats/routes.js';
import { uploadRoutes } from './uploads/routes.js';
import { usersRoutes } from './users/routes.js';

/** Builds the Express app from its dependencies. Never listens (index.ts does). */
export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');

  const activity = createActivityTracker(deps);
  const guards = createGuards({
    jwtSecret: deps.config.jwtSecret,
    store: deps.store,
    clock: deps.clock,
    onSeen: activity.onSeen,
  });
  const ctx: RouteContext = { ...deps, guards };

  app.use(
    pinoHttp({
      logger: deps.logger,
      // Never log tokens or cookies.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  app.use(
    cors({
      origin: (origin, cb) => cb(null, !origin || deps.config.clientOrigins.includes(origin)),
      credentials: false,
    }),
  );
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
