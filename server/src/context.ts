import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { AnswerCache } from './cache/answer-cache.js';
import type { IdentityVerifier } from './auth/identity.js';
import type { Guards } from './auth/middleware.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { RateLimits } from './http/rate-limits.js';
import type { Store } from './store/port.js';
import type { SharedState } from './cluster/shared.js';
import type { UploadStorage } from './uploads/storage.js';
import type { DomainEvents } from './events/domain.js';
import type { Services } from './services.js';

/** Everything app.ts needs; index.ts builds the real ones, tests build test ones. */
export interface AppDeps {
  config: Config;
  store: Store;
  identity: IdentityVerifier;
  clock: Clock;
  logger: Logger;
  /** null when STRIPE_SECRET_KEY is unset: payment calls answer 503. */
  stripe: Stripe | null;
  /** With REDIS_URL: what every instance shares (cluster/shared.ts); absent: one process. */
  shared?: SharedState;
  /** Where uploaded images live (UPLOAD_STORE); absent: DATA_DIR/uploads on this machine. */
  uploads?: UploadStorage;
}

/**
 * What each component's routes.ts receives. Services publish what their writes did to `events`;
 * the cached answers (`cache`) and the live streams follow those events.
 */
export interface RouteContext extends AppDeps {
  cache: AnswerCache;
  events: DomainEvents;
  guards: Guards;
  /** Every rate limit (http/rate-limits.ts); `limits.publicReads.guard(req, res)` goes to `cache.get`. */
  limits: RateLimits;
  /** Every service, built once (services.ts). */
  services: Services;
}
