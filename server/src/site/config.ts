import path from 'node:path';
import { z } from 'zod';
import { ConfigError, EnvSchema, isLoopback, originList, trustProxy, type TrustProxy } from '../config.js';

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim().replace(/\/$/, '') : undefined))
  .pipe(z.url().optional());

/** The standalone site process reads the API's PORT, HOST and emulator settings plus its own. */
const SiteEnvSchema = EnvSchema.pick({
  NODE_ENV: true,
  SITE_CONNECT_SRC: true,
  SITE_IMG_SRC: true,
  TRUST_PROXY: true,
  SITE_API_SECRET: true,
  PORT: true,
  HOST: true,
  FIREBASE_AUTH_EMULATOR_HOST: true,
  CLIENT_DIST_DIR: true,
  LOG_LEVEL: true,
}).extend({
  SITE_PORT: z.coerce.number().int().min(0).max(65535).default(5173),
  /** The origin visitors use (canonical links, sitemap, feed). Default http://localhost:SITE_PORT. */
  SITE_URL: optionalUrl,
  /** Where this process reaches the API. Default http://127.0.0.1:PORT. */
  SITE_API_URL: optionalUrl,
});

export interface SiteConfig {
  port: number;
  /** Interface to listen on; loopback while the Auth emulator is trusted, undefined = every one. */
  host?: string;
  siteUrl: string;
  apiUrl: string;
  distDir?: string;
  logLevel: string;
  /** NODE_ENV=production: HSTS on every answer. */
  production: boolean;
  /** SITE_CONNECT_SRC: origins the pages may connect to besides the build's own. */
  connectSrc: string[];
  /** SITE_IMG_SRC: origins besides https: and the build's API the pages show images from. */
  imgSrc: string[];
  /** The Auth emulator is trusted: loopback only, and only loopback's and SITE_URL's host names. */
  emulator: boolean;
  /** TRUST_PROXY, as the API reads it (unset: none). */
  trustProxy: TrustProxy;
  /** SITE_API_SECRET: sent with each call made for a visitor (site/source.ts). */
  apiSecret?: string;
}

export function loadSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const parsed = SiteEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // The same rule as the API's: the site serves a client that trusts the emulator's unsigned tokens.
  if (e.FIREBASE_AUTH_EMULATOR_HOST && e.HOST && !isLoopback(e.HOST)) {
    throw new ConfigError(
      `HOST=${e.HOST} would expose a site whose sign-in trusts the Firebase Auth emulator ` +
        '(FIREBASE_AUTH_EMULATOR_HOST): use HOST=127.0.0.1 or a real Firebase project',
    );
  }
  return {
    port: e.SITE_PORT,
    host: e.HOST ?? (e.FIREBASE_AUTH_EMULATOR_HOST ? '127.0.0.1' : undefined),
    siteUrl: e.SITE_URL ?? `http://localhost:${e.SITE_PORT}`,
    apiUrl: e.SITE_API_URL ?? `http://127.0.0.1:${e.PORT}`,
    distDir: e.CLIENT_DIST_DIR ? path.resolve(e.CLIENT_DIST_DIR) : undefined,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    connectSrc: originList('SITE_CONNECT_SRC', e.SITE_CONNECT_SRC),
    imgSrc: originList('SITE_IMG_SRC', e.SITE_IMG_SRC),
    emulator: Boolean(e.FIREBASE_AUTH_EMULATOR_HOST),
    trustProxy: trustProxy(e.TRUST_PROXY),
    apiSecret: e.SITE_API_SECRET,
  };
}
