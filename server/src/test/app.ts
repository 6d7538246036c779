/**
 * The app as tests use it: embedded store in a fresh temp dir, a silent logger, and users signed in
 * through the real endpoints (POST /users/new, POST /jwt). ID tokens come from an in-process identity
 * provider (./fake-identity.ts) unless a test asks for `identity: 'firebase'`: real firebase-admin
 * verification against the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { pino } from 'pino';
import type Stripe from 'stripe';
import request from 'supertest';
import { compose } from '../compose.js';
import type { Services } from '../services.js';
import type { LiveEvents } from '../events/live.js';
import { fixtureStore } from './fixture-store.js';
import { firebaseVerifier } from '../auth/identity.js';
import { systemClock, type Clock } from '../clock.js';
import { loadConfig, type Config } from '../config.js';
import type { AppDeps } from '../context.js';
import type { DomainEvents } from '../events/domain.js';
import { openEmbeddedStore, type EmbeddedStoreOptions } from '../store/embedded/index.js';
import { ensureIndexes, newId, substringFields } from '../store/index.js';
import { MongoStore, openMongoStore } from '../store/mongo.js';
import type { Store } from '../store/port.js';
import type { User } from '../users/types.js';
import { emulatorHost, emulatorSignUp, uniqueEmail, type EmulatorAccount } from './emulator.js';
import { fakeIdentityVerifier, fakeSignIn } from './fake-identity.js';

export interface TestApp {
  app: Express;
  deps: AppDeps;
  /** The database behind the app, for fixtures and checks (test/fixture-store.ts: a write drops every cached answer, and is no domain event). */
  store: Store;
  /** The app's domain events: what a service built beside the app (a sweep's) publishes to. */
  events: DomainEvents;
  /** The app's services (services.ts), built once with the app: what a test drives beside the routes. */
  services: Services;
  /** The app's live events (its bus and open GET /events streams). */
  live: LiveEvents;
  /** Closes the store and removes the temp dir. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  stripe?: Stripe | null;
  config?: Partial<Config>;
  /** Options of the embedded store (e.g. a held `sync` to widen the window before a write is durable). */
  storeOptions?: Omit<EmbeddedStoreOptions, 'dir'>;
  /**
   * Who verifies ID tokens: 'fake' (default) the in-process provider, signInAs needs no emulator;
   * 'firebase' firebase-admin against the Auth emulator, for what only Firebase decides.
   */
  identity?: 'fake' | 'firebase';
}

const testApps = new WeakMap<Express, TestApp>();

/** A test config: temp DATA_DIR, random JWT secret, the emulator, and limits a whole suite never hits. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '5000',
    PUBLIC_URL: 'http://127.0.0.1:5000',
    JWT_SECRET: randomBytes(32).toString('hex'),
    FIREBASE_PROJECT_ID: 'demo-newsroom',
    // Only the 'firebase' identity talks to it (and says so when it is missing, see ./emulator.ts).
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
  });
  return {
    ...base,
    rateLimits: {
      ...base.rateLimits,
      auth: { windowMs: 60_000, max: 100_000 },
      paymentIntents: { windowMs: 60_000, max: 100_000 },
      viewCounts: { windowMs: 60_000, max: 100_000 },
      edits: { windowMs: 60_000, max: 100_000 },
      publicReads: { windowMs: 60_000, max: 100_000 },
      giftOpens: { windowMs: 60_000, max: 100_000 },
      draftSaves: { windowMs: 60_000, max: 100_000 },
      stripeUser: { windowMs: 60_000, max: 100_000 },
      stripeIp: { windowMs: 60_000, max: 100_000 },
    },
    // Suites expect the 402 of a premium article; meter.test.ts turns the metered paywall on.
    meterFreePremiumPerMonth: 0,
    ...overrides,
  };
}

/** The route suites' MongoDB server, when they run on the MongoDB engine (`npm run test:mongo`). */
const routesOnMongoDb = process.env.ROUTES_ON_MONGODB || undefined;

/**
 * On the MongoDB engine, the databases of this worker's closed apps: indexes made, ready for the next
 * app once emptied. Making a database and its indexes for each of the route suites' apps was most of
 * their run on the MongoDB engine (docs/decisions/test-lanes.md).
 */
const idleDatabases: string[] = [];

async function openTestDatabase(uri: string): Promise<MongoStore> {
  const reused = idleDatabases.pop();
  const store = await openMongoStore({
    uri,
    dbName: reused ?? `newsroom_routes_${newId()}`,
    substring: substringFields(),
  });
  if (!reused) await ensureIndexes(store);
  else {
    const collections = await store.db.listCollections({}, { nameOnly: true }).toArray();
    await Promise.all(collections.map(({ name }) => store.db.collection(name).deleteMany({})));
  }
  return store;
}

export async function makeTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'newsroom-test-'));
  const config = testConfig(dataDir, options.config);
  // ROUTES_ON_MONGODB=<uri>: the route suites on the MongoDB engine, a database of their own per app
  // (`npm run test:mongo`). A test that hooks the embedded engine (storeOptions) keeps it.
  const mongoUri = options.storeOptions ? undefined : routesOnMongoDb;
  const store: Store = mongoUri
    ? await openTestDatabase(mongoUri)
    : await openEmbeddedStore({ ...options.storeOptions, dir: path.join(dataDir, 'store') });
  // Built as every instance is (compose.ts), with the test's parts and no sweeps (tests run them).
  const composed = await compose(config, {
    store,
    identity: options.identity === 'firebase' ? firebaseVerifier(config) : fakeIdentityVerifier,
    clock: options.clock ?? systemClock,
    logger: pino({ level: 'silent' }),
    stripe: options.stripe ?? null,
    sweeps: false,
  });
  const { app, deps, cache, events, services, live } = composed;
  const routeStore = fixtureStore(store, cache);
  const testApp: TestApp = {
    app,
    deps,
    store: routeStore,
    events,
    services,
    live,
    async close() {
      await composed.close();
      // Its client is closed: nothing this app started can write there any more.
      if (store instanceof MongoStore) idleDatabases.push(store.db.databaseName);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  testApps.set(app, testApp);
  return testApp;
}

export interface SignedIn {
  /** Our session JWT (send as `Authorization: Bearer`). */
  token: string;
  email: string;
  uid: string;
  /** The Firebase ID token from the emulator. */
  idToken: string;
  name: string;
}

export interface SignInOptions {
  role?: 'reader' | 'admin' | 'premium' | 'editor';
  email?: string;
  name?: string;
}

/**
 * An account registered through POST /users/new and signed in through POST /jwt: from the app's
 * identity provider (the in-process one, or a real emulator account for `identity: 'firebase'`).
 * admin: role 'Admin'; editor: editor true; premium: premiumEndAt one year from now (set in the store).
 */
export async function signInAs(target: TestApp | Express, options: SignInOptions = {}): Promise<SignedIn> {
  const app = 'app' in target && 'store' in target ? target.app : (target as Express);
  const role = options.role ?? 'reader';
  const email = (options.email ?? uniqueEmail(role)).toLowerCase();
  const name = options.name ?? `Test ${role[0]!.toUpperCase()}${role.slice(1)}`;
  const account =
    testApps.get(app)?.deps.identity === fakeIdentityVerifier
      ? fakeSignIn(email, { name })
      : await emulatorSignUp(email, 'Passw0rd!', { displayName: name }).catch(async (err: Error) => {
          // The same email twice (e.g. a fixed address in several files): sign the existing account in.
          if (!err.message.includes('EMAIL_EXISTS')) throw err;
          return emulatorPasswordSignIn(email, 'Passw0rd!');
        });

  const reg = await request(app)
    .post('/users/new')
    .set('Authorization', `Bearer ${account.idToken}`)
    .send({ name, email, photoURL: 'https://example.test/avatar.png' });
  if (reg.status !== 201 && reg.status !== 200) {
    throw new Error(`POST /users/new failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  }
  const jwt = await request(app)
    .post('/jwt')
    .set('Authorization', `Bearer ${account.idToken}`)
    .send({ email });
  if (jwt.status !== 200 || typeof jwt.body.token !== 'string') {
    throw new Error(`POST /jwt failed: ${jwt.status} ${JSON.stringify(jwt.body)}`);
  }

  if (role !== 'reader') {
    const testApp = testApps.get(app);
    if (!testApp) throw new Error('signInAs: pass the TestApp (or an app made by makeTestApp)');
    const now = testApp.deps.clock.now().getTime();
    const set: Partial<User> =
      role === 'admin'
        ? { role: 'Admin' }
        : role === 'editor'
          ? { editor: true }
          : { premiumEndAt: new Date(now + 365 * 24 * 3600_000).toISOString() };
    await testApp.store.collection<User>('users').updateOne({ email }, { $set: set });
  }
  return { token: jwt.body.token as string, email, uid: account.uid, idToken: account.idToken, name };
}

/** A fresh ID token for an existing emulator account. */
export async function emulatorPasswordSignIn(email: string, password: string): Promise<EmulatorAccount> {
  const res = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`emulator signIn failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, email, password, idToken: body.idToken };
}

/** `Authorization: Bearer <token>` header object for supertest's `.set()`. */
export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}
