/** Entry point: reads config, opens the store, seeds on first run, listens, shuts down gracefully. */
import type { Server } from 'node:http';
import { ConfigError, loadConfig, type Config } from './config.js';

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

/**
 * The app's code (the store, Firebase Admin, Stripe, the routes: most of a start's time) is loaded
 * once the configuration holds, so a wrong setting is said at once instead of after loading it all.
 */
const appCode = () =>
  Promise.all([import('./clock.js'), import('./compose.js'), import('./logger.js')]).then(
    ([clock, composition, logging]) => ({ ...clock, ...composition, ...logging }),
  );

async function main(): Promise<void> {
  const config = readConfig();
  const { compose, createLogger, systemClock } = await appCode();
  const logger = createLogger({ level: config.logLevel });
  const { app, store, shared, live, close } = await compose(config, { clock: systemClock, logger });

  const server: Server = await new Promise((resolve, reject) => {
    // No host: every interface. loadConfig makes it loopback while the emulator is trusted.
    const s = config.host
      ? app.listen(config.port, config.host, () => resolve(s))
      : app.listen(config.port, () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) => {
      const message =
        err.code === 'EADDRINUSE'
          ? `Port ${config.port} is already in use (set PORT to use another one)`
          : err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND'
            ? `Cannot listen on HOST=${config.host}: not an address of this machine`
            : null;
      if (message) {
        console.error(message);
        void close().finally(() => process.exit(1));
        return;
      }
      reject(err);
    });
  });
  logger.info(
    {
      host: config.host ?? 'all interfaces',
      port: config.port,
      store: store.kind,
      shared: shared ? 'redis' : 'this process',
      firebaseEmulator: config.firebaseAuthEmulatorHost ?? null,
    },
    `API listening on http://${config.host ?? 'localhost'}:${config.port}`,
  );

  /** How long a shutdown may take before the process exits without closing cleanly. */
  const SHUTDOWN_LIMIT_MS = 10_000;
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish (bounded), then stop the sweeps, leave Redis
    // and flush the store (compose.ts).
    const force = setTimeout(() => server.closeAllConnections(), 5_000);
    force.unref();
    // The whole of it is bounded too: a dependency that stopped answering (Redis gone, a database
    // unreachable) keeps a sweep or an event handler retrying, and a service manager waiting. Every
    // acknowledged write is already durable; what is lost is the tidy exit, said as such.
    const giveUp = setTimeout(() => {
      logger.error(
        { signal, limitMs: SHUTDOWN_LIMIT_MS },
        'did not close cleanly in time (a dependency is not answering): exiting',
      );
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    giveUp.unref();
    server.close(() => {
      clearTimeout(force);
      close()
        .then(() => process.exit(0))
        .catch((err: unknown) => {
          logger.error({ err }, 'store close failed');
          process.exit(1);
        });
    });
    server.closeIdleConnections();
    // Event streams never go idle; ending them lets the close finish (browsers reconnect elsewhere).
    live.streams.close();
  };
  // `on`, not `once`: a second signal (a service manager signalling every process, then npm start
  // stopping its children) must not kill the process halfway through its shutdown.
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch(async (err: unknown) => {
  // A damaged journal's or a pending migration's message is the operator's recovery guide: printed
  // without a stack (if the app's code itself failed to load, with it).
  const guide = await Promise.all([import('./compose.js'), import('./store/embedded/index.js')]).then(
    ([{ MigrationsPending }, { JournalDamagedError }]) =>
      err instanceof JournalDamagedError || err instanceof MigrationsPending,
    () => false,
  );
  if (guide && err instanceof Error) console.error(err.message);
  else console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
