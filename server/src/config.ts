import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  CLIENT_ORIGIN: z.string().default('http://localhost:5173,http://127.0.0.1:5173'),
  JWT_SECRET: optionalString,
  MONGODB_URI: optionalString,
  MONGODB_DB: z.string().default('newsroom'),
  DATA_DIR: z.string().default('./data'),
  FIREBASE_PROJECT_ID: z.string().default('demo-newsroom'),
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  /** Service-account key file of a real Firebase project (Google's standard variable). */
  GOOGLE_APPLICATION_CREDENTIALS: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  /** Requests per IP per 15 minutes on POST /jwt and /users* (browser test runs share one IP). */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
});

/** Per-IP limits: requests allowed per window. Tests raise them (one IP runs whole suites). */
export interface RateLimit {
  windowMs: number;
  max: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** Absolute base URL of this API as browsers reach it; uploaded images are stored as `${publicUrl}/uploads/...`. */
  publicUrl: string;
  clientOrigins: string[];
  jwtSecret: string;
  mongodbUri?: string;
  mongodbDb: string;
  dataDir: string;
  firebaseProjectId: string;
  firebaseAuthEmulatorHost?: string;
  googleApplicationCredentials?: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  stripeApiBase?: string;
  logLevel: string;
  /** Seed demo publishers, articles and accounts on first start (default: true unless production). */
  seedDemoData: boolean;
  rateLimits: {
    /** POST /jwt and /users*: sign-in and registration calls. */
    auth: RateLimit;
    /** POST /uploads without a session, per IP; default in uploads/routes.ts. */
    uploadsAnonymous?: RateLimit;
    /** POST /uploads by one signed-in user; default in uploads/routes.ts. */
    uploadsUser?: RateLimit;
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
  if (e.JWT_SECRET && e.JWT_SECRET.length < 32) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: use at least 32 characters');
  }
  if (e.NODE_ENV === 'production' && e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY in production',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    clientOrigins: e.CLIENT_ORIGIN.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    jwtSecret: e.JWT_SECRET ?? localJwtSecret(dataDir),
    mongodbUri: e.MONGODB_URI,
    mongodbDb: e.MONGODB_DB,
    dataDir,
    firebaseProjectId: e.FIREBASE_PROJECT_ID,
    firebaseAuthEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    googleApplicationCredentials: e.GOOGLE_APPLICATION_CREDENTIALS,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: e.STRIPE_API_BASE,
    logLevel: e.LOG_LEVEL,
    seedDemoData:
      e.SEED_DEMO_DATA === undefined || e.SEED_DEMO_DATA === ''
        ? e.NODE_ENV !== 'production'
        : ['true', '1', 'yes'].includes(e.SEED_DEMO_DATA),
    rateLimits: {
      auth: { windowMs: 15 * 60_000, max: e.AUTH_RATE_LIMIT_MAX },
    },
  };
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
