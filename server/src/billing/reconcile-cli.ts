/**
 * `npm run billing:reconcile -w server`: billing reconciliation now (docs/decisions/subscriptions.md,
 * "Reconciliation"), run after an outage instead of waiting for the sweep: it checks every settled
 * Stripe event since the last run and repairs what lost webhooks left behind, logging each repair.
 * Composed like the server (compose.ts, without its sweeps), so a repair's premium change reaches
 * every instance through REDIS_URL. Beside running instances on MongoDB it is safe (every repair is
 * idempotent); the embedded store is one process's, so stop the server first.
 */
import { systemClock } from '../clock.js';
import { compose, MigrationsPending } from '../compose.js';
import { ConfigError, loadConfig } from '../config.js';
import { createLogger } from '../logger.js';

try {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel });
  const composed = await compose(config, { clock: systemClock, logger, sweeps: false });
  try {
    if (!composed.billing) throw new ConfigError('Stripe is not configured: set STRIPE_SECRET_KEY');
    const total = { checked: 0, repaired: 0, failed: 0 };
    for (;;) {
      const run = await composed.billing.run();
      total.checked += run.checked;
      total.repaired += run.repaired;
      total.failed += run.failed;
      // A failed repair stops here (the log says which); the next run, or the sweep, tries it again.
      if (run.caughtUp || run.failed) break;
    }
    console.log(
      `Checked ${total.checked} Stripe events: ${total.repaired} repaired, ${total.failed} failed.`,
    );
    if (total.failed) process.exitCode = 1;
  } finally {
    await composed.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof MigrationsPending ? err.message : err);
  process.exit(1);
}
