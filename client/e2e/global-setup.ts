/**
 * Starts the stacks for the browser tests (how many and on which ports: env.ts):
 *  1. builds the client once into e2e/.artifacts/dist-<first API port> (API URL, Auth emulator, Stripe
 *     test key baked in), and a copy naming its own API for each further stack;
 *  2. starts each stack's API from source (tsx) on a fresh temporary DATA_DIR with the demo seed;
 *  3. serves each stack's build with our site server (server/src/site) on its web port.
 * One Stripe stand-in and one Chromium serve every stack (docs/decisions/browser-test-stacks.md).
 * Needs the Firebase Auth emulator at FIREBASE_AUTH_EMULATOR_HOST (`npm test` starts one on 127.0.0.1:9199).
 * E2E_SKIP_BUILD=1 reuses the last build (quicker while writing tests).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startStripeTestServer } from '../../server/src/test/stripe-test-server';
import { freePort } from '../../scripts/free-port.mjs';
import { chromiumLaunchOptions, e2eEnv, stackCount, stackPorts } from './env';

/** What our site server proves its calls to the API with (SITE_API_SECRET), one per run. */
const siteApiSecret = randomBytes(32).toString('hex');

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = path.resolve(clientDir, '..');
// The build names the first stack's API; one build per first port, so parallel runs on other ports
// never overwrite each other's bundle.
const firstApiUrl = `http://127.0.0.1:${stackPorts(0).apiPort}`;
export const outDir = path.join(clientDir, 'e2e', '.artifacts', `dist-${stackPorts(0).apiPort}`);

function run(
  cmd: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; name: string },
): ChildProcess {
  const child = spawn(cmd, args, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log = (chunk: Buffer) => {
    if (process.env.E2E_VERBOSE) process.stdout.write(`[${opts.name}] ${chunk}`);
  };
  const lastLines: string[] = [];
  const keep = (chunk: Buffer) => {
    lastLines.push(chunk.toString());
    if (lastLines.length > 40) lastLines.shift();
    log(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code, signal) => {
    if (code && code !== 0)
      console.error(`[e2e] ${opts.name} exited with ${code ?? signal}\n${lastLines.join('')}`);
  });
  return child;
}

async function waitFor(url: string, name: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`[e2e] ${name} did not answer at ${url} within ${timeoutMs} ms`);
}

async function portFree(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`);
    return false;
  } catch {
    return true;
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }, 8_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, 'SIGTERM'); // its process group (the server and anything it started)
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/**
 * A copy of the build for the stack whose API listens on `apiUrl`: the build names its API origin
 * (VITE_API_URL) in its env chunks, so the copy names this stack's instead.
 */
function buildFor(apiUrl: string, dir: string): string {
  if (apiUrl === firstApiUrl) return outDir;
  rmSync(dir, { recursive: true, force: true });
  cpSync(outDir, dir, { recursive: true });
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(m?js|html|json)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    if (text.includes(firstApiUrl)) writeFileSync(file, text.split(firstApiUrl).join(apiUrl));
  }
  return dir;
}

/**
 * Node running a server entry from its TypeScript source: tsx's loader in this one process (`npx tsx`
 * would add an npm process and a tsx process in front of it, about a CPU-second per server).
 */
const fromSource = ['--import', 'tsx', '--conditions=@newsroom/source'];

/** One stack: an API on `dataDir` (fresh) with the demo seed, and our site server for the build. */
function startStack(
  index: number,
  stripeApiBase: string,
  baseEnv: NodeJS.ProcessEnv,
  dataDir: string,
  smtpUrl: string,
): Stack {
  const { apiPort, webPort } = stackPorts(index);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const distDir = buildFor(apiUrl, path.join(clientDir, 'e2e', '.artifacts', `dist-${apiPort}`));
  const api = run(process.execPath, [...fromSource, 'server/src/index.ts'], {
    cwd: rootDir,
    name: `api ${index + 1}`,
    env: {
      ...baseEnv,
      NODE_ENV: 'development',
      PORT: String(apiPort),
      DATA_DIR: dataDir,
      PUBLIC_URL: apiUrl,
      CLIENT_ORIGIN: `${webUrl},http://localhost:${webPort}`,
      FIREBASE_AUTH_EMULATOR_HOST: e2eEnv.emulatorHost,
      FIREBASE_PROJECT_ID: 'demo-newsroom',
      SEED_DEMO_DATA: 'true',
      // Every browser test runs on 15-second sessions, renewed by the client (session.e2e.ts proves
      // it); each open page then calls POST /jwt every 12 s, so the sign-in limit is raised to match.
      SESSION_TTL_SECONDS: '15',
      AUTH_RATE_LIMIT_MAX: '3000',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_BASE: stripeApiBase,
      MONGODB_URI: '',
      LOG_LEVEL: process.env.E2E_VERBOSE ? 'info' : 'warn',
      // One API and one IP serve many browser files: its per-user and per-IP limits must not bite.
      PAYMENT_INTENT_RATE_LIMIT_MAX: '10000',
      VIEW_RATE_LIMIT_MAX: '10000',
      EDIT_RATE_LIMIT_MAX: '10000',
      UPLOAD_ANON_DAILY_MAX: '10000',
      SITE_API_SECRET: siteApiSecret,
      PUBLIC_READ_RATE_LIMIT_MAX: '100000',
      STRIPE_USER_RATE_LIMIT_MAX: '10000',
      STRIPE_IP_RATE_LIMIT_MAX: '100000',
      // The demo reader must meet the premium teaser in every file (no free metered reads).
      METER_FREE_PREMIUM_PER_MONTH: '0',
      // Every stack's mail goes to the run's mail catcher (maildev), which the browser tests read.
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Newsroom <newsroom@newsroom.test>',
      // Housekeeping every 2 s instead of every 30 s to 6 h: the outbox's mail reaches the catcher
      // within a test's patience (each sweep's own age rules are unchanged: nothing young is swept).
      SWEEP_INTERVAL_MS: '2000',
    },
  });
  // Our site server, as in `npm start`: the build plus the crawler-visible pages, data from the API.
  const web = run(process.execPath, [...fromSource, 'server/src/site/index.ts'], {
    cwd: rootDir,
    name: `web ${index + 1}`,
    env: {
      ...baseEnv,
      SITE_PORT: String(webPort),
      SITE_URL: webUrl,
      SITE_API_URL: apiUrl,
      SITE_API_SECRET: siteApiSecret,
      CLIENT_DIST_DIR: distDir,
      FIREBASE_AUTH_EMULATOR_HOST: e2eEnv.emulatorHost,
      LOG_LEVEL: 'warn',
      // The Stripe.js stand-in (stripe-js-standin.ts) runs in the page and calls the Stripe test
      // server from it, where real Stripe.js calls api.stripe.com: the site's CSP allows it.
      SITE_CONNECT_SRC: stripeApiBase,
      // The stacks share one Auth emulator: a demo account's photo (its Firebase profile) may be an
      // upload of the stack that seeded it first, served by that stack's API.
      SITE_IMG_SRC: Array.from(
        { length: stackCount },
        (_, i) => `http://127.0.0.1:${stackPorts(i).apiPort}`,
      ).join(','),
    },
  });
  return { apiUrl, webUrl, dataDir, children: [api, web] };
}

/** maildev on two free loopback ports, keeping its mail in a temporary directory. */
async function startMailCatcher(
  baseEnv: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; smtpUrl: string; apiUrl: string; dir: string }> {
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(tmpdir(), 'newsroom-e2e-mail-'));
  const bin = path.join(rootDir, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
  const child = run(
    process.execPath,
    [bin, '--ip', '127.0.0.1', '--smtp', String(smtpPort), '--web', String(webPort), '--mail-directory', dir],
    { cwd: rootDir, env: baseEnv, name: 'maildev' },
  );
  const apiUrl = `http://127.0.0.1:${webPort}/api`;
  await waitFor(`${apiUrl}/healthz`, 'maildev');
  return { child, smtpUrl: `smtp://127.0.0.1:${smtpPort}`, apiUrl, dir };
}

interface Stack {
  apiUrl: string;
  webUrl: string;
  dataDir: string;
  children: ChildProcess[];
}

export default async function setup(project: TestProject) {
  const emulatorUrl = `http://${e2eEnv.emulatorHost}`;
  const ports = Array.from({ length: stackCount }, (_, i) => stackPorts(i));
  for (const port of ports.flatMap((p) => [p.apiPort, p.webPort])) {
    if (!(await portFree(port)))
      throw new Error(`[e2e] port ${port} is busy (set E2E_API_PORT / E2E_WEB_PORT)`);
  }

  const baseEnv = { ...process.env, FORCE_COLOR: '0' };

  if (!process.env.E2E_SKIP_BUILD || !existsSync(path.join(outDir, 'index.html'))) {
    console.log('[e2e] building the client ...');
    const build = run('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: clientDir,
      name: 'build',
      env: {
        ...baseEnv,
        // vitest sets NODE_ENV=test; the browser tests run the production bundle.
        NODE_ENV: 'production',
        CLIENT_OUT_DIR: outDir,
        VITE_API_URL: firstApiUrl,
        VITE_USE_AUTH_EMULATOR: 'true',
        VITE_AUTH_EMULATOR_URL: emulatorUrl,
        VITE_FIREBASE_PROJECT_ID: 'demo-newsroom',
        VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      },
    });
    const code = await new Promise<number | null>((r) => build.once('exit', r));
    if (code !== 0) throw new Error('[e2e] client build failed');
    // The first-paint budget `npm run build` (and so `npm start`) enforces after its build: the
    // browser tests' build checked the same way, so a change that breaks `npm start` fails `npm test`.
    const check = run('node', ['scripts/check-bundle.mjs', outDir], {
      cwd: clientDir,
      name: 'check-bundle',
      env: baseEnv,
    });
    if ((await new Promise<number | null>((r) => check.once('exit', r))) !== 0)
      throw new Error('[e2e] the build is over its first-paint budget (scripts/check-bundle.mjs, above)');
  }

  // `npm test` starts the build while its Auth emulator is still starting (docs/decisions/test-lanes.md).
  const emulator =
    'the Firebase Auth emulator (`npm test`, or node scripts/with-emulator.mjs "…", starts one)';
  await waitFor(emulatorUrl, emulator, 60_000);

  // Stripe's API is unreachable here: a Stripe-API-compatible server on loopback stands in for it.
  const stripeServer = await startStripeTestServer({ secretKey: 'sk_test_e2e' });
  // A mail catcher for every stack: SMTP in, its REST API out (mail.ts in the tests reads it).
  const mailCatcher = await startMailCatcher(baseEnv);
  // One Chromium for the whole run: the files connect to it instead of each starting its own.
  const browserServer = await chromium.launchServer(chromiumLaunchOptions);
  const stacks: Stack[] = [];
  const teardown = async () => {
    await Promise.all(stacks.flatMap((s) => s.children).map(stop));
    await browserServer.close();
    await stripeServer.close();
    await stop(mailCatcher.child);
    rmSync(mailCatcher.dir, { recursive: true, force: true });
    for (const stack of stacks) rmSync(stack.dataDir, { recursive: true, force: true });
  };

  console.log(`[e2e] starting ${stackCount} API + site server stack(s) (API ${ports[0]!.apiPort}, ...) ...`);
  try {
    // The first stack seeds alone; the others start with a copy of the images it made (the seed leaves
    // files that exist alone), so the demo images are encoded once, not once per stack.
    const firstDir = mkdtempSync(path.join(tmpdir(), 'newsroom-e2e-'));
    stacks.push(startStack(0, stripeServer.url, baseEnv, firstDir, mailCatcher.smtpUrl));
    await waitFor(`${stacks[0]!.apiUrl}/health`, `API ${stacks[0]!.apiUrl}`);
    for (let i = 1; i < stackCount; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'newsroom-e2e-'));
      cpSync(path.join(firstDir, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
      stacks.push(startStack(i, stripeServer.url, baseEnv, dataDir, mailCatcher.smtpUrl));
    }
    await Promise.all(
      stacks.flatMap((s) => [
        waitFor(`${s.apiUrl}/health`, `API ${s.apiUrl}`),
        waitFor(s.webUrl, 'site server'),
      ]),
    );
  } catch (error) {
    await teardown();
    throw error;
  }
  // Billing's events (subscriptions, invoices, refunds) reach every stack's webhook, signed, as Stripe
  // sends them to each endpoint of an account; a stack ignores those of accounts it does not know.
  stripeServer.sendWebhooksTo(
    ...stacks.map((s) => ({ url: `${s.apiUrl}/stripe/webhook`, secret: 'whsec_e2e' })),
  );
  console.log(
    `[e2e] ready: ${stacks.map((s) => `web ${s.webUrl} → api ${s.apiUrl}`).join('; ')}; emulator ${e2eEnv.emulatorHost}`,
  );

  project.provide('stripeApiBase', stripeServer.url);
  project.provide('mailApiBase', mailCatcher.apiUrl);
  project.provide('browserWsEndpoint', browserServer.wsEndpoint());

  return teardown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Stripe-API-compatible test server the API talks to (for the Stripe.js stand-in). */
    stripeApiBase: string;
    /** The run's Chromium (playwright-core browser server), for chromium.connect. */
    browserWsEndpoint: string;
    /** The mail catcher's REST API (maildev: GET /api/email), where every stack's mail arrives. */
    mailApiBase: string;
  }
}
