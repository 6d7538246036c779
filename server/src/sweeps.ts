import type { Logger } from 'pino';
import { purgeEndedViewWindows } from './articles/view-sweep.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Store } from './store/port.js';
import { createMailJobs } from './mail/jobs.js';
import { sweepUnusedUploads } from './uploads/sweep.js';
import type { Services } from './services.js';
import { purgeOldViewHistory } from './stats/view-history.js';
import { purgeOldReads } from './follows/read-sweep.js';

/** How often each housekeeping job runs (the first run comes one interval after start-up). */
export const SWEEP_INTERVALS_MS = {
  viewWindows: 5 * 60_000,
  unusedUploads: 60 * 60_000,
  viewHistory: 6 * 60 * 60_000,
  // The outbox's sender (its batch a run is the sending rate) and the digests' and reminders' clock.
  mailOutbox: 30_000,
  // What approvals left to do when their process stopped (docs/decisions/event-outbox.md).
  eventOutbox: 30_000,
  mailSchedule: 60_000,
  reads: 6 * 60 * 60_000,
  // Scheduled articles whose time has come are published (articles/moderation.ts, publishDue).
  scheduledArticles: 15_000,
  // What lost Stripe webhooks left behind (billing/reconcile.ts); events settle for 10 minutes first.
  billingReconcile: 10 * 60_000,
} as const;

export interface Sweeps {
  /** Stops the timers and waits for a sweep under way to finish (call before closing the store). */
  stop(): Promise<void>;
}

/**
 * Whether this instance runs a sweep this time: with several instances, the one that takes the lease
 * (held for most of an interval) runs it and the others skip it. Absent: this process always runs it.
 */
export type SweepLease = (sweep: string, holdMs: number) => Promise<boolean>;

/**
 * Periodic housekeeping of the running server: ended view windows, unused uploads, mail, billing
 * reconciliation (when Stripe is configured). The timers are unref()ed (they never keep the process
 * alive) and a job never overlaps itself; a failing run is logged and the next one tries again.
 * `intervalMs` replaces every interval (tests, operators).
 */
export function startSweeps(deps: {
  store: Store;
  config: Config;
  clock: Clock;
  logger: Logger;
  lease?: SweepLease;
  intervalMs?: number;
  /** The app's services (services.ts): the mail jobs, the upload sweep and billing's repair use them. */
  services: Services;
}): Sweeps {
  const billing = deps.services.reconciler;
  const mail = createMailJobs(deps);
  const jobs: Record<keyof typeof SWEEP_INTERVALS_MS, () => Promise<unknown>> = {
    viewWindows: () => purgeEndedViewWindows(deps),
    unusedUploads: () => sweepUnusedUploads(deps),
    viewHistory: () => purgeOldViewHistory(deps),
    reads: () => purgeOldReads(deps),
    mailOutbox: () => mail.sendDue(),
    eventOutbox: () => mail.followUps(),
    mailSchedule: () => mail.schedule(),
    billingReconcile: async () => billing?.run(),
    scheduledArticles: () => deps.services.articles.publishDue(),
  };
  const running = new Set<Promise<void>>();
  const timers = Object.entries(jobs).map(([name, job]) => {
    let busy = false;
    const timer = setInterval(
      () => {
        if (busy) return;
        busy = true;
        const every = deps.intervalMs ?? SWEEP_INTERVALS_MS[name as keyof typeof SWEEP_INTERVALS_MS];
        const taken = deps.lease
          ? deps.lease(name, Math.max(1, Math.floor(every * 0.9)))
          : Promise.resolve(true);
        const run = taken
          .then((mine) => (mine ? job() : undefined))
          .then(
            () => undefined,
            (err: unknown) => deps.logger.warn({ err, sweep: name }, 'sweep failed'),
          )
          .finally(() => {
            busy = false;
            running.delete(run);
          });
        running.add(run);
      },
      deps.intervalMs ?? SWEEP_INTERVALS_MS[name as keyof typeof SWEEP_INTERVALS_MS],
    );
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
      mail.close();
    },
  };
}
