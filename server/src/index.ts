/** Entry point: reads config, opens the store, seeds on first run, listens, shuts down gracefully. */
import type { Server } from 'node:http';
import { createApp } from './app.js';
import { firebaseVerifier } from './auth/identity.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { createStripeClient } from './payments/stripe-client.js';
import { seedDemoData } from './seed/seed.js';
import { ensureIndexes, openStore } from './store/index.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel });
  const store = await openStore(config);
  await ensureIndexes(store);
  if (config.seedDemoData) {
    await seedDemoData({ store, config, clock: systemClock, logger });
  }

  const app = createApp({
    config,
    store,
    identity: firebaseVerifier(config),
    clock: systemClock,
    logger,
    stripe: createStripeClient(config),
  });

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.port, () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        console.error(`Port ${config.port} is already in use (set PORT to use another one)`);
        void store.close().finally(() => process.exit(1));
        return;
      }
      reject(err);
    });
  });
  logger.info(
    { port: config.port, store: store.kind, firebaseEmulator: config.firebaseAuthEmulatorHost ?? null },
    `API listening on http://localhost:${config.port}`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish (bounded), then flush the store.
    const force = setTimeout(() => server.closeAllConnections(), 5_000);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      store
        .close()
        .then(() => process.exit(0))
        .catch((err: unknown) => {
          logger.error({ err }, 'store close failed');
          process.exit(1);
        });
    });
    server.closeIdleConnections();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
