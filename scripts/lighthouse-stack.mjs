// The stack `npm run lighthouse` measures when no --url is given: the built API on a temporary
// DATA_DIR with the demo seed, our site server serving a fresh client build, and the Auth emulator
// (the running test one on 127.0.0.1:9199, else one started here). Ports are picked free.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isUp, startEmulator } from './emulator.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EMULATOR_HOST = '127.0.0.1:9199';

/** Newest modification time under the given paths. */
function newest(...entries) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
    else max = Math.max(max, st.mtimeMs);
  };
  entries.forEach(walk);
  return max;
}

function runOrFail(cmd, args, options) {
  // Build output goes to stderr: stdout is for the results table.
  const r = spawnSync(cmd, args, { stdio: ['ignore', 2, 2], ...options });
  if (r.status !== 0) throw new Error(`failed: ${cmd} ${args.join(' ')}`);
}

async function waitFor(url, name, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs} ms`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Builds (server when stale, client always: it bakes in the API URL) and starts everything.
 * Resolves to { siteUrl, apiUrl, close }.
 */
export async function startStack({ log }) {
  const [apiPort, sitePort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const cleanups = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };

  try {
    const serverOut = path.join(root, 'server', 'dist', 'site', 'index.js');
    if (
      !existsSync(serverOut) ||
      statSync(serverOut).mtimeMs < newest(path.join(root, 'server', 'src'), path.join(root, 'common', 'src'))
    ) {
      log('building the server ...');
      runOrFail('npm', ['run', 'build', '-w', 'server'], { cwd: root });
    }

    let emulator = null;
    if (await isUp(EMULATOR_HOST)) log(`using the Auth emulator on ${EMULATOR_HOST}`);
    else {
      log(`starting the Auth emulator on ${EMULATOR_HOST} ...`);
      emulator = await startEmulator({ config: 'firebase.test.json', host: EMULATOR_HOST });
      cleanups.push(() => emulator.stop());
    }

    const distDir = mkdtempSync(path.join(tmpdir(), 'newsroom-lighthouse-dist-'));
    cleanups.push(() => rmSync(distDir, { recursive: true, force: true }));
    log('building the client ...');
    runOrFail('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: path.join(root, 'client'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        CLIENT_OUT_DIR: distDir,
        VITE_API_URL: apiUrl,
        VITE_USE_AUTH_EMULATOR: 'true',
        VITE_AUTH_EMULATOR_URL: `http://${EMULATOR_HOST}`,
        VITE_FIREBASE_PROJECT_ID: 'demo-newsroom',
      },
    });

    const dataDir = mkdtempSync(path.join(tmpdir(), 'newsroom-lighthouse-data-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      FIREBASE_PROJECT_ID: 'demo-newsroom',
      LOG_LEVEL: 'warn',
      // The site proves its calls with it: each visitor's reads count as theirs at the API.
      SITE_API_SECRET: randomBytes(32).toString('hex'),
    };
    const start = (name, script, extra) => {
      const child = spawn(process.execPath, [script], {
        cwd: root,
        env: { ...env, ...extra },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      cleanups.push(() => stop(child));
      return child;
    };
    log(`starting the API on ${apiUrl} (demo data in ${dataDir}) ...`);
    const api = start('API', 'server/dist/index.js', {
      NODE_ENV: 'development',
      PORT: String(apiPort),
      DATA_DIR: dataDir,
      PUBLIC_URL: apiUrl,
      CLIENT_ORIGIN: siteUrl,
      SEED_DEMO_DATA: 'true',
      MONGODB_URI: '',
      PUBLIC_READ_RATE_LIMIT_MAX: '100000',
    });
    await waitFor(`${apiUrl}/health`, 'API', api);
    const site = start('site server', 'server/dist/site/index.js', {
      SITE_PORT: String(sitePort),
      SITE_URL: siteUrl,
      SITE_API_URL: apiUrl,
      CLIENT_DIST_DIR: distDir,
    });
    await waitFor(siteUrl, 'site server', site);
    return { siteUrl, apiUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}
