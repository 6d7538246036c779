import { existsSync } from 'node:fs';

/**
 * Ports and hosts of the e2e stacks (overridable from the environment).
 *
 * global-setup.ts starts `stackCount` stacks (API + site server, each with its own seeded store) and
 * vitest runs that many browser files at a time, one per worker slot. A file talks to the stack of its
 * slot: VITEST_POOL_ID (1..maxWorkers) is the slot, and a slot runs one file at a time, so no two files
 * ever share a store. Most of a browser test is waiting (on the browser, the emulator, timers), so the
 * stacks overlap that waiting on a 2-core machine.
 */
const baseApiPort = Number(process.env.E2E_API_PORT ?? 5055);
const baseWebPort = Number(process.env.E2E_WEB_PORT ?? 4173);

/**
 * How many stacks run at once (E2E_STACKS, default 2). The suite is CPU-bound on a 2-core machine:
 * two stacks finished sooner than three or four, which spent the difference on contention
 * (docs/decisions/browser-test-stacks.md).
 */
export const stackCount = Math.max(1, Math.floor(Number(process.env.E2E_STACKS ?? 2)) || 1);

/** Stack `index` (0-based) listens 100 ports above the one before it. */
export function stackPorts(index: number): { apiPort: number; webPort: number } {
  return { apiPort: baseApiPort + 100 * index, webPort: baseWebPort + 100 * index };
}

/** The stack of this worker (stack 0 outside vitest's workers, e.g. in global-setup). */
const stackIndex = Math.min(stackCount, Math.max(1, Number(process.env.VITEST_POOL_ID ?? 1))) - 1;

export const e2eEnv = {
  ...stackPorts(stackIndex),
  emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199',
  chromium: process.env.CHROMIUM_PATH ?? defaultChromium(),
};

/**
 * Debian's headless shell (package chromium-headless-shell, the same engine and version as the
 * chromium package) when installed, else the full browser. The shell is what Playwright itself runs
 * headless tests in: no browser UI and no GPU compositing, which made the suite take 261 CPU-s
 * instead of 370 (docs/decisions/browser-test-stacks.md).
 */
function defaultChromium(): string {
  const shell = '/usr/lib/chromium/chromium-headless-shell';
  return existsSync(shell) ? shell : '/usr/bin/chromium';
}

/** How every browser test starts Chromium (once per run, see global-setup.ts). */
export const chromiumLaunchOptions = {
  executablePath: e2eEnv.chromium,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    // Tabs are reused across tests (page-pool.ts): a page left by an earlier test is never kept alive
    // in the back/forward cache.
    '--disable-features=BackForwardCache',
    // Nothing but loopback resolves: pages behave as offline for every other host (harness.ts newPage).
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  ],
};

export const apiUrl = `http://127.0.0.1:${e2eEnv.apiPort}`;
export const webUrl = `http://127.0.0.1:${e2eEnv.webPort}`;
