/**
 * `npm run chaos`: the built API (server/dist) on a temporary embedded store, the Auth emulator
 * (FIREBASE_AUTH_EMULATOR_HOST) and the loopback Stripe-compatible test server, all on 127.0.0.1.
 * Concurrent writes go through HTTP while the API is SIGKILLed at random moments, 20 times (some of
 * them during start-up, i.e. during recovery). After every kill the store is checked: every write
 * answered 2xx is there and nothing else changed. Prints `N passed, N failed`; exits 1 on any failure.
 * Bounded: a watchdog ends the run after 8 minutes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../scripts/free-port.mjs';
import { createStripeClient } from '../../payments/stripe-client.js';
import { openEmbeddedStore } from '../../store/embedded/index.js';
import { startStripeTestServer } from '../stripe-test-server.js';
import { Ledger } from './ledger.js';
import { verifyStore } from './verify.js';
import { call, prepareWorkload, register, runWorkload } from './workload.js';

const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 20);
const WATCHDOG_MS = 8 * 60_000;
const SECRET_KEY = `sk_test_chaos_${randomBytes(6).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_chaos_${randomBytes(6).toString('hex')}`;
const serverEntry = path.resolve(import.meta.dirname, '../../../dist/index.js');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

/** The real API as a child process; its output goes to a log file. */
class Api {
  child: ChildProcess | null = null;
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string,
    readonly base: string,
  ) {}

  spawn(): void {
    const fd = fs.openSync(this.logFile, 'a');
    this.child = spawn(process.execPath, [serverEntry], { env: this.env, stdio: ['ignore', fd, fd] });
    fs.closeSync(fd);
  }

  async start(): Promise<void> {
    this.spawn();
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (this.child?.exitCode !== null) break;
      const health = await call(this.base, 'GET', '/health');
      if (health?.status === 200) return;
      await sleep(100);
    }
    throw new Error(`the API did not start; its log:\n${fs.readFileSync(this.logFile, 'utf8').slice(-3000)}`);
  }

  async stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }
}

async function main(): Promise<number> {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set');
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: npm run build -w server`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-chaos-'));
  const dbDir = path.join(dataDir, 'db');
  const logFile = path.join(dataDir, 'api.log');
  const stripeServer = await startStripeTestServer({ secretKey: SECRET_KEY });
  const stripe = createStripeClient({ stripeSecretKey: SECRET_KEY, stripeApiBase: stripeServer.url })!;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const high = '1000000';
  const api = new Api(
    {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
      FIREBASE_PROJECT_ID: 'demo-newsroom',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeServer.url,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: high,
      PAYMENT_INTENT_RATE_LIMIT_MAX: high,
      VIEW_RATE_LIMIT_MAX: high,
      EDIT_RATE_LIMIT_MAX: high,
      PUBLIC_READ_RATE_LIMIT_MAX: high,
      STRIPE_USER_RATE_LIMIT_MAX: high,
      STRIPE_IP_RATE_LIMIT_MAX: high,
    },
    logFile,
    base,
  );
  const watchdog = setTimeout(() => {
    console.error(`chaos: still running after ${WATCHDOG_MS / 60_000} minutes; giving up`);
    api.child?.kill('SIGKILL');
    process.exit(1);
  }, WATCHDOG_MS);

  const ledger = new Ledger();
  let passed = 0;
  let failed = 0;
  let keep = true; // the temp dir stays for inspection unless the run passes
  try {
    // Setup: accounts, an admin (the store is the only way to make the first one), publishers,
    // writers who paid for premium (unlimited posts).
    await api.start();
    const admin = await register(base, 'admin');
    const writers = [
      await register(base, 'writer'),
      await register(base, 'writer'),
      await register(base, 'writer'),
    ];
    const readers = await Promise.all([1, 2, 3, 4].map(() => register(base, 'reader')));
    for (const u of [admin, ...writers, ...readers]) ledger.users.set(u.email, u);
    await api.stop('SIGTERM');
    const store = await openEmbeddedStore({ dir: dbDir });
    await store.collection('users').updateOne({ email: admin.email }, { $set: { role: 'Admin' } });
    await store.close();
    await api.start();
    const ctx = await prepareWorkload(
      { base, ledger, stripe, stripeServer, webhookSecret: WEBHOOK_SECRET, admin, writers, readers },
      ['Chaos Daily', 'Chaos Weekly', 'Chaos Times'],
    );
    await api.stop('SIGTERM');
    const baseline = await verifyStore(dbDir, ledger);
    if (baseline.length > 0) throw new Error(`setup left an unexpected store:\n${baseline.join('\n')}`);

    const started = Date.now();
    for (let round = 1; round <= ROUNDS; round++) {
      const problems: string[] = [];
      let when: string;
      if (round % 5 === 0) {
        // Killed while starting: recovery of the last crash's journal is what gets interrupted.
        api.spawn();
        const delay = between(0, 400);
        await sleep(delay);
        await api.stop('SIGKILL');
        when = `during start-up (${delay} ms)`;
      } else {
        await api.start();
        const stop = new AbortController();
        const work = runWorkload(ctx, stop.signal);
        const delay = between(500, 3000);
        await sleep(delay);
        await api.stop('SIGKILL');
        stop.abort();
        await work;
        when = `after ${delay} ms of writes`;
      }
      problems.push(...(await verifyStore(dbDir, ledger)));
      if (problems.length === 0) passed++;
      else failed++;
      console.log(
        `round ${String(round).padStart(2)}: SIGKILL ${when}: ${problems.length === 0 ? 'ok' : 'FAILED'}` +
          ` (${ledger.ackedTotal()} acknowledged writes checked)`,
      );
      for (const p of problems.slice(0, 20)) console.log(`    ${p}`);
    }

    // A clean start after the last crash must work and keep everything.
    await api.start();
    await api.stop('SIGTERM');
    const final = await verifyStore(dbDir, ledger);
    if (final.length > 0) {
      failed++;
      console.log('final clean restart: FAILED');
      for (const p of final.slice(0, 20)) console.log(`    ${p}`);
    }

    const a = ledger.acked;
    console.log(
      `\n${passed} passed, ${failed} failed (${ROUNDS} SIGKILLs in ${Math.round((Date.now() - started) / 1000)} s)`,
    );
    console.log(
      `${ledger.ackedTotal()} acknowledged writes checked: ${a.posts} posts, ${a.approvals} approvals, ` +
        `${a.profileEdits} profile edits, ${a.views} counted views, ${a.grants} premium grants`,
    );
    const c = ledger.cutOff;
    console.log(
      `writes cut off by a kill: ${c.landed} were on disk, ${c.lost} were not; ` +
        `${c.pendingGrants} interrupted grants seen pending (finished by the webhook retry)`,
    );
    if (ctx.anomalies.length > 0) {
      console.log(`answers no correct run gives (${ctx.anomalies.length}):`);
      for (const x of ctx.anomalies.slice(0, 10)) console.log(`    ${x}`);
      failed += 1;
    }
    keep = failed > 0;
    return failed === 0 ? 0 : 1;
  } finally {
    clearTimeout(watchdog);
    await api.stop('SIGKILL');
    await stripeServer.close();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    else console.log(`kept for inspection: ${dataDir} (API log: ${logFile})`);
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
