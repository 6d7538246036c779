import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** A positive request count; empty means the default. */
const limitMax = (fallback: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(1).default(fallback),
  );

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  /** Interface the API listens on; see loadConfig for the default and the emulator rule. */
  HOST: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.:-]+$/, 'must be a host name or an IP address')
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  CLIENT_ORIGIN: z.string().default('http://localhost:5173,http://127.0.0.1:5173'),
  JWT_SECRET: optionalString,
  MONGODB_URI: optionalString,
  MONGODB_DB: z.string().default('newsroom'),
  /**
   * Redis shared by every API instance (rate limits, the change log of cache drops and live events,
   * sweep leases). Unset: one process keeps all of that in its own memory (docs/architecture.md).
   */
  REDIS_URL: optionalString.pipe(z.url().optional()),
  /**
   * Where uploaded images live: `disk` (DATA_DIR/uploads, one machine) or `gridfs` (the MongoDB
   * database, every instance reads them). Default: gridfs with MONGODB_URI and REDIS_URL, else disk.
   */
  UPLOAD_STORE: z.enum(['disk', 'gridfs']).optional(),
  /**
   * Build the database's indexes at start-up (MongoDB). Default false: `npm run migrate -w server`
   * builds them once, and an instance refuses to start on a database that needs migrating.
   */
  MIGRATE_ON_START: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  /** One interval (ms) for every housekeeping sweep instead of their own (tests). */
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).optional(),
  DATA_DIR: z.string().default('./data'),
  FIREBASE_PROJECT_ID: z.string().default('demo-newsroom'),
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  /** Service-account key file of a real Firebase project (Google's standard variable). */
  GOOGLE_APPLICATION_CREDENTIALS: optionalString,
  /**
   * Where mail goes: an SMTP URL (smtp://user:pass@host:587, smtps://...). Unset: nothing is sent
   * anywhere, each mail is only recorded (docs/decisions/email.md). `npm start` sets it to maildev.
   */
  SMTP_URL: optionalString.pipe(z.url().optional()),
  /** The From of every mail: an address, or `Name <address>`. */
  MAIL_FROM: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  /** Requests per IP per 15 minutes on POST /jwt and /users* (browser test runs share one IP). */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  /** POST /create-payment-intent calls per user per hour. */
  PAYMENT_INTENT_RATE_LIMIT_MAX: limitMax(10),
  /** PATCH /articles/view-count calls per user per minute (the bench and browser tests raise it). */
  VIEW_RATE_LIMIT_MAX: limitMax(60),
  /** Edits (PATCH /my-articles/update/:id, PATCH /users/:email) per user per minute. */
  EDIT_RATE_LIMIT_MAX: limitMax(30),
  DRAFT_SAVE_RATE_LIMIT_MAX: limitMax(120),
  /** Comments per user per minute, and per day (an account younger than a day gets a fifth of each). */
  COMMENT_RATE_LIMIT_MAX: limitMax(5),
  COMMENT_DAILY_RATE_LIMIT_MAX: limitMax(50),
  /** Anonymous POST /uploads per IP per day (on top of the short-window limit). */
  UPLOAD_ANON_DAILY_MAX: limitMax(100),
  /** Public reads per IP per minute that miss the answer cache (new searches); the bench and browser tests raise it. */
  PUBLIC_READ_RATE_LIMIT_MAX: limitMax(120),
  /** Calls per user per minute of the routes that can call Stripe (payments, billing), all together. */
  STRIPE_USER_RATE_LIMIT_MAX: limitMax(30),
  /** The same per IP (several accounts behind one address share it). */
  STRIPE_IP_RATE_LIMIT_MAX: limitMax(120),
  /** Lifetime of our session JWT; the client renews it before it ends. Tests shorten it. */
  /** The API also serves the built client and the site's pages (one process in production). */
  SERVE_CLIENT: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  /** The client build the site serves (default: client/dist of this repository). */
  CLIENT_DIST_DIR: optionalString,
  /**
   * Which proxies' X-Forwarded-For is believed (Express `trust proxy`): a hop count (1: the one proxy
   * in front), or a comma-separated list of addresses, CIDR ranges and the names loopback, linklocal,
   * uniquelocal. Unset: none (the client is the connection's address); set it behind a proxy.
   */
  TRUST_PROXY: optionalString,
  /**
   * Shared by the API and a standalone site process: the site's calls carry it with the visitor's
   * address, and the API believes that address only then (docs/decisions/trust-boundary.md).
   */
  SITE_API_SECRET: optionalString.pipe(z.string().min(32, 'use at least 32 characters').optional()),
  /** Origins the site's pages may connect to besides the build's own (its CSP's connect-src). */
  SITE_CONNECT_SRC: optionalString,
  /** Origins besides https: and the build's API that the site's pages may show images from (img-src). */
  SITE_IMG_SRC: optionalString,
  /** Premium articles a signed-in reader without premium may read in full per calendar month (0: none). */
  METER_FREE_PREMIUM_PER_MONTH: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(0).max(1000).default(2),
  ),
  SESSION_TTL_SECONDS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(10, 'use at least 10 seconds').default(3600),
  ),
});

/** Per-IP limits: requests allowed per window. Tests raise them (one IP runs whole suites). */
export interface RateLimit {
  windowMs: number;
  max: number;
}

/** The optional limits' defaults (used when a config leaves them out, e.g. a test's own rateLimits). */
export const RATE_LIMIT_DEFAULTS = {
  paymentIntents: { windowMs: 60 * 60_000, max: 10 },
  viewCounts: { windowMs: 60_000, max: 60 },
  edits: { windowMs: 60_000, max: 30 },
  draftSaves: { windowMs: 60_000, max: 120 },
  comments: { windowMs: 60_000, max: 5 },
  commentsDaily: { windowMs: 24 * 60 * 60_000, max: 50 },
  uploadsAnonymousDaily: { windowMs: 24 * 60 * 60_000, max: 100 },
  publicReads: { windowMs: 60_000, max: 120 },
  // Stripe's own limit is per account: a loop of one reader's would refuse everyone's payments.
  stripeUser: { windowMs: 60_000, max: 30 },
  stripeIp: { windowMs: 60_000, max: 120 },
} as const satisfies Record<string, RateLimit>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /**
   * Interface the API listens on. With the Auth emulator it is loopback only (default 127.0.0.1);
   * without it, undefined means every interface (docs/decisions/trust-boundary.md).
   */
  host?: string;
  /** Absolute base URL of this API as browsers reach it; uploaded images are stored as `${publicUrl}/uploads/...`. */
  publicUrl: string;
  clientOrigins: string[];
  jwtSecret: string;
  mongodbUri?: string;
  mongodbDb: string;
  /** REDIS_URL: set when several instances share state (cluster/); undefined: one process. */
  redisUrl?: string;
  /** Where uploaded images are kept (uploads/storage.ts). */
  uploadStore: 'disk' | 'gridfs';
  /** MIGRATE_ON_START: build MongoDB's indexes at start-up instead of by `npm run migrate`. */
  migrateOnStart: boolean;
  /** SWEEP_INTERVAL_MS, when set. */
  sweepIntervalMs?: number;
  dataDir: string;
  firebaseProjectId: string;
  firebaseAuthEmulatorHost?: string;
  googleApplicationCredentials?: string;
  /** SMTP_URL: undefined records mail without sending it (mail/transport.ts). */
  smtpUrl?: string;
  /** MAIL_FROM (default `Newsroom <no-reply@newsroom.test>`). */
  mailFrom: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  stripeApiBase?: string;
  logLevel: string;
  /** SERVE_CLIENT: mount the site (docs/decisions/site-server.md) after the API's routes. */
  serveClient: boolean;
  /** CLIENT_DIST_DIR, absolute; undefined: client/dist of this repository. */
  clientDistDir?: string;
  /** TRUST_PROXY as Express takes it: false (none), a hop count or a list of trusted proxy addresses. */
  trustProxy: TrustProxy;
  /** SITE_API_SECRET: a call carrying it names its visitor's address (http/site-hop.ts). */
  siteApiSecret?: string;
  /** SITE_CONNECT_SRC: origins the site's pages may connect to besides the build's own. */
  siteConnectSrc: string[];
  /** SITE_IMG_SRC: origins besides https: and the build's API the site's pages show images from. */
  siteImgSrc: string[];
  /** Lifetime of our session JWT in seconds (SESSION_TTL_SECONDS). */
  sessionTtlSeconds: number;
  /** METER_FREE_PREMIUM_PER_MONTH: the metered paywall (docs/decisions/gift-links-and-meter.md). */
  meterFreePremiumPerMonth: number;
  /** Seed demo publishers, articles and accounts on first start (default: true unless production). */
  seedDemoData: boolean;
  rateLimits: {
    /** POST /jwt and /users*: sign-in and registration calls. */
    auth: RateLimit;
    /** POST /uploads without a session, per IP; default in http/rate-limits.ts. */
    uploadsAnonymous?: RateLimit;
    /** POST /uploads by one signed-in user; default in http/rate-limits.ts. */
    uploadsUser?: RateLimit;
    /** POST /create-payment-intent per user (PAYMENT_INTENT_RATE_LIMIT_MAX per hour). */
    paymentIntents?: RateLimit;
    /** PATCH /articles/view-count per user (VIEW_RATE_LIMIT_MAX per minute). */
    viewCounts?: RateLimit;
    /** PATCH /my-articles/update/:id and PATCH /users/:email per user (EDIT_RATE_LIMIT_MAX per minute). */
    edits?: RateLimit;
    /** POST /uploads without a session, per IP per day (UPLOAD_ANON_DAILY_MAX). */
    uploadsAnonymousDaily?: RateLimit;
    /** Public reads not served from the answer cache, per IP (PUBLIC_READ_RATE_LIMIT_MAX per minute). */
    publicReads?: RateLimit;
    /** Follows and unfollows per user; default in http/rate-limits.ts. */
    follows?: RateLimit;
    /** PUT /me/mail-preferences per user; default in http/rate-limits.ts. */
    mailPreferences?: RateLimit;
    /** PUT /me/drafts/{key} (autosave) per user (DRAFT_SAVE_RATE_LIMIT_MAX per minute). */
    draftSaves?: RateLimit;
    /** The signed mail links (confirm, unsubscribe) per IP; default in http/rate-limits.ts. */
    mailLinks?: RateLimit;
    /** POST /gift-links/open per IP; default in http/rate-limits.ts. */
    giftOpens?: RateLimit;
    /** Comments per user, a minute's and a day's (COMMENT_RATE_LIMIT_MAX, COMMENT_DAILY_RATE_LIMIT_MAX; a fifth for new accounts). */
    comments?: RateLimit;
    commentsDaily?: RateLimit;
    /** Every route that can call Stripe, per user (STRIPE_USER_RATE_LIMIT_MAX per minute). */
    stripeUser?: RateLimit;
    /** Every route that can call Stripe, per IP (STRIPE_IP_RATE_LIMIT_MAX per minute). */
    stripeIp?: RateLimit;
  };
}

export class ConfigError extends Error {}

/** Parses and validates the environment once; the rest of the server only sees `Config`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production');
  }
  // Every instance must sign and check sessions with the same key: a secret made by one process on
  // its own disk would be refused by the others.
  if (e.REDIS_URL && !e.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required with REDIS_URL (every instance must share it)',
    );
  }
  if (e.UPLOAD_STORE === 'gridfs' && !e.MONGODB_URI) {
    throw new ConfigError('Invalid configuration:\n  UPLOAD_STORE: gridfs needs MONGODB_URI');
  }
  if (e.JWT_SECRET && e.JWT_SECRET.length < 32) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: use at least 32 characters');
  }
  // The emulator's ID tokens are unsigned and STRIPE_API_BASE redirects payment checks: neither may
  // reach a production server (docs/decisions/trust-boundary.md).
  if (e.NODE_ENV === 'production' && e.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new ConfigError(
      'Invalid configuration:\n  FIREBASE_AUTH_EMULATOR_HOST: must be empty in production ' +
        '(the Auth emulator signs nothing, so anyone could sign in as anyone)',
    );
  }
  if (e.NODE_ENV === 'production' && e.STRIPE_API_BASE) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_API_BASE: must be empty in production (payments are checked with api.stripe.com)',
    );
  }
  if (e.FIREBASE_AUTH_EMULATOR_HOST && e.HOST && !isLoopback(e.HOST)) {
    throw new ConfigError(
      `HOST=${e.HOST} would let other machines reach an API that trusts the Firebase Auth emulator ` +
        `(FIREBASE_AUTH_EMULATOR_HOST), whose tokens anyone can forge: use HOST=127.0.0.1 or a real Firebase project`,
    );
  }
  if (e.NODE_ENV === 'production' && e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY in production',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.FIREBASE_AUTH_EMULATOR_HOST ? '127.0.0.1' : undefined),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    clientOrigins: e.CLIENT_ORIGIN.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    jwtSecret: e.JWT_SECRET ?? localJwtSecret(dataDir),
    mongodbUri: e.MONGODB_URI,
    mongodbDb: e.MONGODB_DB,
    redisUrl: e.REDIS_URL,
    uploadStore: e.UPLOAD_STORE ?? (e.MONGODB_URI && e.REDIS_URL ? 'gridfs' : 'disk'),
    migrateOnStart: ['true', '1', 'yes'].includes(e.MIGRATE_ON_START ?? ''),
    sweepIntervalMs: e.SWEEP_INTERVAL_MS,
    dataDir,
    firebaseProjectId: e.FIREBASE_PROJECT_ID,
    firebaseAuthEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    googleApplicationCredentials: e.GOOGLE_APPLICATION_CREDENTIALS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Newsroom <no-reply@newsroom.test>',
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: e.STRIPE_API_BASE,
    logLevel: e.LOG_LEVEL,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    meterFreePremiumPerMonth: e.METER_FREE_PREMIUM_PER_MONTH,
    serveClient: ['true', '1', 'yes'].includes(e.SERVE_CLIENT ?? ''),
    clientDistDir: e.CLIENT_DIST_DIR ? path.resolve(e.CLIENT_DIST_DIR) : undefined,
    trustProxy: trustProxy(e.TRUST_PROXY),
    siteApiSecret: e.SITE_API_SECRET,
    siteConnectSrc: originList('SITE_CONNECT_SRC', e.SITE_CONNECT_SRC),
    siteImgSrc: originList('SITE_IMG_SRC', e.SITE_IMG_SRC),
    seedDemoData:
      e.SEED_DEMO_DATA === undefined || e.SEED_DEMO_DATA === ''
        ? e.NODE_ENV !== 'production'
        : ['true', '1', 'yes'].includes(e.SEED_DEMO_DATA),
    rateLimits: {
      auth: { windowMs: 15 * 60_000, max: e.AUTH_RATE_LIMIT_MAX },
      paymentIntents: { ...RATE_LIMIT_DEFAULTS.paymentIntents, max: e.PAYMENT_INTENT_RATE_LIMIT_MAX },
      viewCounts: { ...RATE_LIMIT_DEFAULTS.viewCounts, max: e.VIEW_RATE_LIMIT_MAX },
      edits: { ...RATE_LIMIT_DEFAULTS.edits, max: e.EDIT_RATE_LIMIT_MAX },
      draftSaves: { ...RATE_LIMIT_DEFAULTS.draftSaves, max: e.DRAFT_SAVE_RATE_LIMIT_MAX },
      comments: { ...RATE_LIMIT_DEFAULTS.comments, max: e.COMMENT_RATE_LIMIT_MAX },
      commentsDaily: { ...RATE_LIMIT_DEFAULTS.commentsDaily, max: e.COMMENT_DAILY_RATE_LIMIT_MAX },
      uploadsAnonymousDaily: { ...RATE_LIMIT_DEFAULTS.uploadsAnonymousDaily, max: e.UPLOAD_ANON_DAILY_MAX },
      publicReads: { ...RATE_LIMIT_DEFAULTS.publicReads, max: e.PUBLIC_READ_RATE_LIMIT_MAX },
      stripeUser: { ...RATE_LIMIT_DEFAULTS.stripeUser, max: e.STRIPE_USER_RATE_LIMIT_MAX },
      stripeIp: { ...RATE_LIMIT_DEFAULTS.stripeIp, max: e.STRIPE_IP_RATE_LIMIT_MAX },
    },
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: a hop count (digits), or addresses, CIDR ranges and proxy-addr's names. Unset, no
 * proxy is trusted: a proxy on this machine that passes a client's X-Forwarded-For on as received
 * would otherwise let the client pick its own address (the site's hop to the API proves itself with
 * SITE_API_SECRET instead: http/site-hop.ts). Anything else stops start-up: a typo would otherwise
 * trust every client's header.
 */
export type TrustProxy = false | number | string[];
export function trustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const ok =
      extra === undefined &&
      (PROXY_NAMES.has(entry) ||
        (isIP(address) !== 0 && bits === undefined) ||
        (isIP(address) !== 0 &&
          /^\d{1,3}$/.test(bits ?? '') &&
          Number(bits) <= (isIP(address) === 4 ? 32 : 128)));
    if (!ok)
      throw new ConfigError(
        `Invalid configuration:\n  TRUST_PROXY: ${entry} is neither a hop count, an address, a CIDR range nor loopback/linklocal/uniquelocal`,
      );
  }
  return entries;
}

/** The comma-separated list of origins (scheme, host, port) in variable `name`, each checked. */
export function originList(name: string, value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // reported below
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, ''))
      throw new ConfigError(
        `Invalid configuration:\n  ${name}: ${origin} is not an origin (https://host[:port])`,
      );
  }
  return origins.map((o) => o.replace(/\/$/, ''));
}

/** Addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** For local runs only: a random secret made once and kept in DATA_DIR so sessions survive restarts. */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
