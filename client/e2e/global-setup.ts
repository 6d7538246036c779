/**
 * Starts the whole stack for the browser tests:
 *  1. builds the client into e2e/.artifacts/dist-<API port> (API URL, Auth emulator, Stripe test key baked in);
 *  2. starts the API from source (tsx) on a fresh temporary DATA_DIR with the demo seed;
 *  3. serves the build with our site server (server/src/site) on the web port.
 * Needs the Firebase Auth emulator at FIREBASE_AUTH_EMULATOR_HOST (`npm test` starts one on 127.0.0.1:9199).
 * E2E_SKIP_BUILD=1 reuses the last build (quicker while writing tests).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startStripeTestServer } from '../../server/src/test/stripe-test-server';
import { apiUrl, chromiumLaunchOptions, e2eEnv, webUrl } from './env';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = path.resolve(clientDir, '..');
// One build per API port: parallel runs on other ports never overwrite each other's bundle.
export const outDir = path.join(clientDir, 'e2e', '.artifacts', `dist-${e2eEnv.apiPort}`);

const children: ChildProcess[] = [];
let dataDir = '';

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
      process.kill(-child.pid, 'SIGTERM'); // the whole process group (npx → node)
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

export default async function setup(project: TestProject) {
  const emulatorUrl = `http://${e2eEnv.emulatorHost}`;
  try {
    await fetch(emulatorUrl);
  } catch {
    throw new Error(
      `[e2e] no Firebase Auth emulator at ${e2eEnv.emulatorHost}: run through \`npm test\` or start one ` +
        '(node scripts/with-emulator.mjs "npm run test:e2e -w client")',
    );
  }
  for (const port of [e2eEnv.apiPort, e2eEnv.webPort]) {
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
        VITE_API_URL: apiUrl,
        VITE_USE_AUTH_EMULATOR: 'true',
        VITE_AUTH_EMULATOR_URL: emulatorUrl,
        VITE_FIREBASE_PROJECT_ID: 'demo-newsroom',
        VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      },
    });
    const code = await new Promise<number | null>((r) => build.once('exit', r));
    if (code !== 0) throw new Error('[e2e] client build failed');
  }

  // Stripe's API is unreachable here: a Stripe-API-compatible server on loopback stands in for it.
  const stripeServer = await startStripeTestServer({ secretKey: 'sk_test_e2e' });
  // One Chromium for the whole run: the files connect to it instead of each starting its own.
  const browserServer = await chromium.launchServer(chromiumLaunchOptions);
  const teardown = async () => {
    await Promise.all(children.map(stop));
    await browserServer.close();
    await stripeServer.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  dataDir = mkdtempSync(path.join(tmpdir(), 'newsroom-e2e-'));
  console.log(`[e2e] starting the API on ${apiUrl} (DATA_DIR ${dataDir}) ...`);
  children.push(
    run('npx', ['tsx', '--conditions=@newsroom/source', 'server/src/index.ts'], {
      cwd: rootDir,
      name: 'api',
      env: {
        ...baseEnv,
        NODE_ENV: 'development',
        PORT: String(e2eEnv.apiPort),
        DATA_DIR: dataDir,
        PUBLIC_URL: apiUrl,
        CLIENT_ORIGIN: `${webUrl},http://localhost:${e2eEnv.webPort}`,
        FIREBASE_AUTH_EMULATOR_HOST: e2eEnv.emulatorHost,
        FIREBASE_PROJECT_ID: 'demo-newsroom',
        SEED_DEMO_DATA: 'true',
        // Every browser test runs on 15-second sessions, renewed by the client (session.e2e.ts proves
        // it); each open page then calls POST /jwt every 12 s, so the sign-in limit is raised to match.
        SESSION_TTL_SECONDS: '15',
        AUTH_RATE_LIMIT_MAX: '3000',
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
        STRIPE_API_BASE: stripeServer.url,
        MONGODB_URI: '',
        LOG_LEVEL: process.env.E2E_VERBOSE ? 'info' : 'warn',
        // One API and one IP serve the whole browser suite: its per-user and per-IP limits must not bite.
        PAYMENT_INTENT_RATE_LIMIT_MAX: '10000',
        VIEW_RATE_LIMIT_MAX: '10000',
        UPLOAD_ANON_DAILY_MAX: '10000',
        PUBLIC_READ_RATE_LIMIT_MAX: '100000',
      },
    }),
  );
  // Our site server, as in `npm start`: the build plus the crawler-visible pages, data from the API.
  children.push(
    run('npx', ['tsx', '--conditions=@newsroom/source', 'server/src/site/index.ts'], {
      cwd: rootDir,
      name: 'web',
      env: {
        ...baseEnv,
        SITE_PORT: String(e2eEnv.webPort),
        SITE_URL: webUrl,
        SITE_API_URL: apiUrl,
        CLIENT_DIST_DIR: outDir,
        FIREBASE_AUTH_EMULATOR_HOST: e2eEnv.emulatorHost,
        LOG_LEVEL: 'warn',
      },
    }),
  );
  try {
    await waitFor(`${apiUrl}/health`, 'API');
    await waitFor(webUrl, 'site server');
  } catch (error) {
    await teardown();
    throw error;
  }
  console.log(`[e2e] ready: web ${webUrl}, api ${apiUrl}, emulator ${e2eEnv.emulatorHost}`);

  project.provide('e2eDataDir', dataDir);
  project.provide('stripeApiBase', stripeServer.url);
  project.provide('browserWsEndpoint', browserServer.wsEndpoint());

  return teardown;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDataDir: string;
    /** The Stripe-API-compatible test server the API talks to (for the Stripe.js stand-in). */
    stripeApiBase: string;
    /** The run's Chromium (playwright-core browser server), for chromium.connect. */
    browserWsEndpoint: string;
  }
}
