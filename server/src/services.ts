/**
 * Every service of one API instance, built once here and handed to the routers, the event
 * subscribers, the sweeps and the site (docs/architecture.md, "Composition root"). No service builds
 * another: each receives the ones it uses. Every writer is given the app's one `events`, so a write
 * says what it did whoever calls it.
 */
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { createArticleAnswers } from './articles/answers.js';
import { createRecommendations } from './articles/recommendations.js';
import { createArticleRepository } from './articles/repository.js';
import { createArticleService } from './articles/service.js';
import { premiumLedger } from './billing/ledger.js';
import { billingReconciler } from './billing/reconcile.js';
import { revenueService } from './billing/revenue.js';
import { billingService } from './billing/service.js';
import { subscriptionSync } from './billing/sync.js';
import { AnswerCache } from './cache/answer-cache.js';
import type { Clock } from './clock.js';
import { createCommentService } from './comments/service.js';
import type { Config } from './config.js';
import { noDomainEvents, type DomainEvents } from './events/domain.js';
import { createDraftService } from './drafts/service.js';
import { createFollowService } from './follows/service.js';
import { createGiftService } from './gifts/service.js';
import { createFollowUps } from './mail/follow-ups.js';
import { createMailService } from './mail/service.js';
import { createMeterService } from './meter/service.js';
import { premiumGranter } from './payments/grant.js';
import { passLedger } from './payments/passes.js';
import { paymentsService } from './payments/service.js';
import { createPublisherService } from './publishers/service.js';
import { createRevisionService } from './revisions/service.js';
import { createActivityTracker } from './stats/activity.js';
import { createStatsService } from './stats/service.js';
import { createViewStatsService } from './stats/view-stats.js';
import type { Store } from './store/port.js';
import { createUploadService } from './uploads/service.js';
import type { UploadStorage } from './uploads/storage.js';
import { createUserService } from './users/service.js';

/** What the services are built from. */
export interface ServiceDeps {
  config: Config;
  store: Store;
  clock: Clock;
  logger: Logger;
  /** Where every write says what it did (the app's one bus; a silent one for the demo seed). */
  events: DomainEvents;
  /** The app's answer cache: the article answers (lists, pages) read through it. */
  cache: AnswerCache;
  /** null when STRIPE_SECRET_KEY is unset: payment and billing calls answer 503. */
  stripe: Stripe | null;
  /** Where uploaded images live; absent: DATA_DIR/uploads. */
  uploads?: UploadStorage;
}

export type Services = ReturnType<typeof buildServices>;

/**
 * The services of a one-off job outside a running app (the demo seed before the app starts, a test's
 * mail worker process): writes that say nothing (no cache, stream or mail follows them), a private
 * answer cache, no Stripe.
 */
export function quietServices(deps: Pick<ServiceDeps, 'config' | 'store' | 'clock' | 'logger' | 'uploads'>) {
  return buildServices({
    ...deps,
    events: noDomainEvents,
    cache: new AnswerCache(() => deps.clock.now().getTime()),
    stripe: null,
  });
}

/** Builds each service once, each after the ones it uses. */
export function buildServices(deps: ServiceDeps) {
  const { store, clock, logger, events, config, stripe } = deps;
  const base = { store, clock, logger, events, config };

  const users = createUserService(base);
  const publishers = createPublisherService(base);
  const stats = createStatsService({ ...base, users });
  const follows = createFollowService({ ...base, users, publishers });
  const meter = createMeterService(base);
  // Who may still point at an image (article covers and author photos, profile photos, logos).
  const articleImages = createArticleRepository(store);
  const drafts = createDraftService({ ...base, articles: articleImages });
  // Every submitted version of each article: a restore may bring back an image the article dropped.
  const revisions = createRevisionService(base);
  const uploads = createUploadService({ ...base, uploads: deps.uploads }, [
    { imageUrls: () => articleImages.imageUrls() },
    revisions,
    drafts,
    users,
    publishers,
  ]);
  const articles = createArticleService({
    ...base,
    publishers,
    users,
    stats,
    follows,
    meter,
    uploads,
    revisions,
  });
  const answers = createArticleAnswers(deps.cache, articles);
  const gifts = createGiftService({ ...base, article: answers.approvedPublic });
  const comments = createCommentService({
    ...base,
    users,
    article: answers.approvedAccess,
    giftAdmits: (articleId, pass, caller) => gifts.admits(articleId, pass.token, caller, pass.readerKey),
  });
  const viewStats = createViewStatsService({ ...base, publishers, follows });
  const recommendations = createRecommendations({ ...base, follows });
  const activity = createActivityTracker({ ...base, users });

  const mail = createMailService(base);
  const followUps = createFollowUps({ ...base, mail, articles, users });

  const ledger = premiumLedger({ ...base, users });
  const passes = passLedger({ ...base, ledger });
  const granter = premiumGranter({ ...base, users, ledger });
  const payments = paymentsService({
    ...base,
    stripe,
    users,
    granter,
    webhookSecret: config.stripeWebhookSecret,
  });
  const sync = stripe ? subscriptionSync({ ...base, stripe, users, passes, ledger }) : null;
  const billing = billingService({ ...base, stripe, users, passes, sync });
  const reconciler =
    stripe && sync ? billingReconciler({ ...base, stripe, users, passes, sync, payments }) : undefined;
  const revenue = revenueService(base);

  return {
    users,
    publishers,
    stats,
    follows,
    meter,
    uploads,
    articles,
    drafts,
    answers,
    gifts,
    comments,
    viewStats,
    recommendations,
    activity,
    mail,
    followUps,
    ledger,
    passes,
    payments,
    /** Stripe's subscriptions kept in step (null without Stripe). */
    sync,
    billing,
    /** Billing reconciliation (billing/reconcile.ts), when Stripe is configured: a sweep runs it. */
    reconciler,
    revenue,
  };
}
