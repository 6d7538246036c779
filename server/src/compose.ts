/**
 * The composition root: builds every long-lived piece of one API instance once, from its config,
 * and answers them with one `close()`. index.ts listens with it; the cluster test starts three; the
 * route tests build their apps with it too (test/app.ts), with test parts (clock, identity, Stripe,
 * an open store) and no sweeps.
 * See docs/architecture.md.
 */
import type express from 'express';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { createAppWithParts } from './app.js';
import { firebaseVerifier, type IdentityVerifier } from './auth/identity.js';
import type { BillingReconciler } from './billing/reconcile.js';
import type { Clock } from './clock.js';
import { openSharedState, type SharedState } from './cluster/shared.js';
import type { Config } from './config.js';
import type { AppDeps } from './context.js';
import type { AnswerCache } from './cache/answer-cache.js';
import type { DomainEvents } from './events/domain.js';
import type { LiveEvents } from './events/live.js';
import type { Services } from './services.js';
import { createStripeClient } from './payments/stripe-client.js';
import { seedDemoData } from './seed/seed.js';
import { migrate, openStore, pendingMigrations } from './store/index.js';
import { MongoStore } from './store/mongo.js';
import type { Store } from './store/port.js';
import { startSweeps, type SweepLease, type Sweeps } from './sweeps.js';
import { uploadsDir } from './uploads/service.js';
import { diskStorage, gridfsStorage, type UploadStorage } from './uploads/storage.js';

export interface Composed {
  app: express.Express;
  /** What the app was built from. */
  deps: AppDeps;
  store: Store;
  live: LiveEvents;
  /** The app's answer cache, domain events and services (the sweeps and the billing repair use them). */
  cache: AnswerCache;
  events: DomainEvents;
  services: Services;
  sweeps: Sweeps;
  shared?: SharedState;
  uploads: UploadStorage;
  /** Billing reconciliation (billing/reconcile.ts), when Stripe is configured: a sweep runs it too. */
  billing?: BillingReconciler;
  /**
   * Stops the sweeps, waits for the mails of what happened to be queued, ends the live streams, leaves
   * Redis and closes the database (in that order).
   */
  close(): Promise<void>;
}

export interface ComposeOptions {
  clock: Clock;
  logger: Logger;
  identity?: IdentityVerifier;
  stripe?: Stripe | null;
  /** SWEEP_INTERVAL_MS: one interval for every sweep (tests). */
  sweepIntervalMs?: number;
  /** false: no sweeps (a one-off command such as `npm run billing:reconcile`, a test). */
  sweeps?: boolean;
  /**
   * An open store to build on instead of the one the config names (tests: an engine with hooks, a
   * database reused between apps). It is migrated or checked like any other, and closed by close().
   */
  store?: Store;
}

export class MigrationsPending extends Error {}

export async function compose(config: Config, options: ComposeOptions): Promise<Composed> {
  const { clock, logger } = options;
  const store = options.store ?? (await openStore(config));
  const closing: Array<() => Promise<void>> = [() => store.close()];
  try {
    // The embedded engine keeps its indexes in this process: it builds them on every start. A
    // database server keeps them: they are built once by `npm run migrate`, not by every instance.
    if (store.kind === 'embedded' || config.migrateOnStart) await migrate(store);
    else {
      const pending = await pendingMigrations(store);
      if (pending.length) {
        throw new MigrationsPending(
          `The database needs migrating first (${pending.join(', ')}): run \`npm run migrate -w server\` ` +
            'once with the same MONGODB_URI, or set MIGRATE_ON_START=true for a single instance',
        );
      }
    }
    if (config.seedDemoData) await seedDemoData({ store, config, clock, logger });

    const shared = config.redisUrl ? await openSharedState(config.redisUrl, logger) : undefined;
    if (shared) closing.unshift(() => shared.close());
    const disk = diskStorage(uploadsDir(config));
    const uploads =
      config.uploadStore === 'gridfs' && store instanceof MongoStore ? gridfsStorage(store.db, disk) : disk;

    const deps: AppDeps = {
      config,
      store,
      identity: options.identity ?? firebaseVerifier(config),
      clock,
      logger,
      stripe: options.stripe === undefined ? createStripeClient(config) : options.stripe,
      shared,
      uploads,
    };
    const { app, live, services, cache, events, settled } = createAppWithParts(deps);
    const billing = services.reconciler;
    const lease: SweepLease | undefined = shared
      ? async (sweep, holdMs) =>
          (await shared.redis.set(`newsroom:lease:${sweep}`, shared.instance, 'PX', holdMs, 'NX')) === 'OK'
      : undefined;
    const sweeps: Sweeps =
      options.sweeps === false
        ? { stop: async () => undefined }
        : startSweeps({
            store,
            config,
            clock,
            logger,
            lease,
            intervalMs: options.sweepIntervalMs ?? config.sweepIntervalMs,
            services,
          });
    let closed: Promise<void> | null = null;
    return {
      app,
      deps,
      store,
      live,
      cache,
      events,
      services,
      sweeps,
      shared,
      uploads,
      billing,
      close() {
        closed ??= (async () => {
          await sweeps.stop();
          await settled();
          live.streams.close();
          for (const step of closing) await step();
        })();
        return closed;
      },
    };
  } catch (err) {
    for (const step of closing) await step().catch(() => undefined);
    throw err;
  }
}
