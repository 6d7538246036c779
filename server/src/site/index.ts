/**
 * Entry point of the standalone site process (`npm start`, browser tests): serves the client build
 * and the site's pages on SITE_PORT, reading article data from the API (docs/decisions/site-server.md).
 */
import type { Server } from 'node:http';
import { ConfigError } from '../config.js';
import { createLogger } from '../logger.js';
import { createSiteApp } from './app.js';
import { loadSiteConfig, type SiteConfig } from './config.js';
import { defaultDistDir } from './routes.js';
import { apiChanges } from './changes.js';
import { apiSource } from './source.js';

function readConfig(): SiteConfig {
  try {
    return loadSiteConfig();
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
  // The API's public event stream: the site reads its lists again when an article changes.
  const changes = apiChanges(config.apiUrl, { logger });
  const app = createSiteApp({
    source: apiSource(config.apiUrl, { secret: config.apiSecret }),
    changes,
    distDir: config.distDir ?? defaultDistDir(),
    siteUrl: config.siteUrl,
    logger,
    production: config.production,
    connectSrc: config.connectSrc,
    imgSrc: config.imgSrc,
    loopbackOnly: config.emulator,
    trustProxy: config.trustProxy,
  });
  const server: Server = await new Promise((resolve, reject) => {
    // No host: every interface. loadSiteConfig makes it loopback while the emulator is trusted.
    const s = config.host
      ? app.listen(config.port, config.host, () => resolve(s))
      : app.listen(config.port, () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        console.error(`Port ${config.port} is already in use (set SITE_PORT to use another one)`);
        process.exit(1);
      }
      reject(err);
    });
  });
  logger.info(
    { host: config.host ?? 'all interfaces', port: config.port, api: config.apiUrl },
    `Site listening on ${config.siteUrl}`,
  );

  const shutdown = () => {
    changes.close();
    const force = setTimeout(() => process.exit(0), 3_000);
    force.unref();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
