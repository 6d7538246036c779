// `npm start` (built app) and `npm run dev` (`--dev`: hot reload): the Firebase Auth emulator, the API
// and the client, with demo data on first run. Ctrl-C stops everything (the emulator saves its accounts).
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';
import { isUp, startEmulator } from './emulator.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const log = (msg) => console.log(`[start] ${msg}`);

// Variables already set in the environment win over .env (dotenv never overrides).
dotenv.config({ path: path.join(root, '.env'), quiet: true });
const env = { ...process.env };
// The site server proves its calls to the API with a secret of this run (SITE_API_SECRET), so the
// API counts each visitor's reads as theirs (docs/decisions/trust-boundary.md).
env.SITE_API_SECRET ||= randomBytes(32).toString('hex');
env.PORT ||= '5000';
env.DATA_DIR = path.resolve(root, env.DATA_DIR || './data');
const apiUrl = `http://localhost:${env.PORT}`;
const clientPort = Number(env.SITE_PORT || 5173);
const clientUrl = `http://localhost:${clientPort}`;
if (env.SITE_PORT) env.CLIENT_ORIGIN ||= `http://localhost:${clientPort},http://127.0.0.1:${clientPort}`;
env.PUBLIC_URL ||= apiUrl;
env.VITE_API_URL ||= env.PUBLIC_URL;
// One API process here: on a MongoDB database it builds its own indexes at start (a deployment of
// several instances runs `npm run migrate -w server` once instead; README, Running in production).
env.MIGRATE_ON_START ||= 'true';
// NODE_ENV stays as given: unset, the API runs with local defaults (a JWT secret kept in DATA_DIR,
// demo data seeded); NODE_ENV=production demands real secrets (see README).

// Production never falls back to the Auth emulator: it signs nothing, so anyone could sign in as
// anyone (docs/decisions/trust-boundary.md).
if (env.NODE_ENV === 'production') {
  const fail = (msg) => {
    console.error(`[start] NODE_ENV=production: ${msg}`);
    process.exit(1);
  };
  if (env.FIREBASE_AUTH_EMULATOR_HOST)
    fail('FIREBASE_AUTH_EMULATOR_HOST must be empty (the Auth emulator is for local runs only)');
  if (!env.GOOGLE_APPLICATION_CREDENTIALS)
    fail(
      'configure a real Firebase project (GOOGLE_APPLICATION_CREDENTIALS and FIREBASE_PROJECT_ID; see README)',
    );
}

// Mail: unless SMTP_URL names a real server, a local catcher (maildev) takes every mail the app sends
// and shows it in its web inbox; nothing leaves this machine (docs/decisions/email.md).
const mailCatcher = !env.SMTP_URL;
const mailSmtpPort = Number(env.MAIL_SMTP_PORT || 1025);
const inboxUrl = `http://127.0.0.1:${Number(env.MAIL_WEB_PORT || 1080)}`;
if (mailCatcher) env.SMTP_URL = `smtp://127.0.0.1:${mailSmtpPort}`;

// Firebase: the emulator unless a real project is configured (credentials and no emulator host).
const realFirebase = !env.FIREBASE_AUTH_EMULATOR_HOST && !!env.GOOGLE_APPLICATION_CREDENTIALS;
// The hub and logging ports follow the Auth port (+1, +2) when AUTH_EMULATOR_PORT moves it.
const emulatorPort = Number(env.AUTH_EMULATOR_PORT || 9099);
const emulatorHost = `127.0.0.1:${emulatorPort}`;
if (!realFirebase) {
  env.FIREBASE_AUTH_EMULATOR_HOST ||= emulatorHost;
  env.FIREBASE_PROJECT_ID ||= 'demo-newsroom';
  env.VITE_USE_AUTH_EMULATOR ||= 'true';
  env.VITE_AUTH_EMULATOR_URL ||= `http://${env.FIREBASE_AUTH_EMULATOR_HOST}`;
}

/** Newest modification time under `dir` (skipping node_modules/dist), 0 when absent. */
function newest(...entries) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p))
        if (name !== 'node_modules' && name !== 'dist') walk(path.join(p, name));
    } else max = Math.max(max, st.mtimeMs);
  };
  entries.forEach(walk);
  return max;
}

function run(cmd, args, cwd = root) {
  log(`${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd, env, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`[start] failed: ${cmd} ${args.join(' ')}`);
    process.exit(r.status ?? 1);
  }
}

/** Builds the server and the client when their output is missing or older than their sources. */
function buildIfStale() {
  const serverOut = path.join(root, 'server', 'dist', 'index.js');
  const serverSrc = newest(
    path.join(root, 'server', 'src'),
    path.join(root, 'server', 'tsconfig.json'),
    path.join(root, 'common', 'src'),
  );
  if (!existsSync(serverOut) || statSync(serverOut).mtimeMs < serverSrc)
    run('npm', ['run', 'build', '-w', 'server']);
  else log('server build is up to date');

  // The client bakes VITE_* in at build time, so a change of those also means a rebuild.
  const viteEnv = JSON.stringify(
    Object.fromEntries(
      Object.entries(env)
        .filter(([k]) => k.startsWith('VITE_'))
        .sort(),
    ),
  );
  const clientOut = path.join(root, 'client', 'dist', 'index.html');
  const stamp = path.join(root, 'client', 'dist', '.build-env.json');
  const clientSrc = newest(
    ...['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
      path.join(root, 'client', p),
    ),
    path.join(root, 'common', 'src'),
  );
  const stale =
    !existsSync(clientOut) ||
    statSync(clientOut).mtimeMs < clientSrc ||
    !existsSync(stamp) ||
    readFileSync(stamp, 'utf8') !== viteEnv;
  if (stale) {
    run('npm', ['run', 'build', '-w', 'client']);
    writeFileSync(stamp, viteEnv);
  } else log('client build is up to date');
}

const children = new Map(); // name -> ChildProcess
let stopping = false;

function startChild(name, cmd, args, options = {}) {
  // Own process group: Ctrl-C reaches only this script, which stops the children in order.
  const child = spawn(cmd, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    ...options,
  });
  children.set(name, child);
  child.once('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`[start] ${name} exited unexpectedly (${signal ?? code}); stopping everything`);
      void shutdown(1);
    }
  });
  return child;
}

async function waitFor(url, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  console.error(`[start] ${name} did not answer at ${url}`);
  await shutdown(1);
}

function stopProcess(child, signal, graceMs) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      // The whole group: tsx watch and vite spawn processes of their own.
      process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
  });
}

let emulator = null;

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping ...');
  await stopProcess(children.get('client'), 'SIGTERM', 5_000);
  await stopProcess(children.get('api'), 'SIGTERM', 10_000);
  await stopProcess(children.get('mail'), 'SIGTERM', 5_000);
  if (emulator) {
    log('stopping the Auth emulator (saving accounts) ...');
    await emulator.stop();
  }
  log('stopped');
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));
// A closed terminal makes writes to it fail (EIO): that must not crash the shutdown half-way.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});
// Under `npm start`, npm answers SIGTERM by ending its shell, which never signals us: stop once
// that parent is gone (its pid is replaced by init's or a subreaper's).
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown(0);
  }, 500).unref();
}
// Last resort if this script dies on an error: never leave children behind.
process.on('exit', () => {
  for (const child of children.values()) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (emulator?.child && emulator.child.exitCode === null) emulator.child.kill('SIGKILL');
});

if (!dev) buildIfStale();

if (!realFirebase) {
  if (await isUp(env.FIREBASE_AUTH_EMULATOR_HOST)) {
    log(`using the Auth emulator already running on ${env.FIREBASE_AUTH_EMULATOR_HOST}`);
  } else if (env.FIREBASE_AUTH_EMULATOR_HOST !== emulatorHost) {
    console.error(`[start] FIREBASE_AUTH_EMULATOR_HOST=${env.FIREBASE_AUTH_EMULATOR_HOST} is not answering`);
    process.exit(1);
  } else {
    log(
      `starting the Firebase Auth emulator on ${emulatorHost} (accounts kept in ${path.join(env.DATA_DIR, 'auth-emulator')}) ...`,
    );
    // firebase-tools finds "its" hub through a locator file in TMPDIR named after the project id; a
    // private TMPDIR keeps export-on-exit from talking to another demo-newsroom emulator (e.g. tests').
    process.env.TMPDIR = path.join(env.DATA_DIR, '.emulator-tmp');
    mkdirSync(process.env.TMPDIR, { recursive: true });
    // Also its working directory: an export cut short leaves its firebase-export-* folder there,
    // not in the project root; the next start clears it.
    for (const name of readdirSync(process.env.TMPDIR)) {
      if (name.startsWith('firebase-export-'))
        rmSync(path.join(process.env.TMPDIR, name), { recursive: true, force: true });
    }
    let config = 'firebase.json';
    if (emulatorPort !== 9099) {
      const base = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8'));
      const at = (port) => ({ host: '127.0.0.1', port });
      Object.assign(base.emulators, {
        auth: at(emulatorPort),
        hub: at(emulatorPort + 1),
        logging: at(emulatorPort + 2),
      });
      config = path.join(process.env.TMPDIR, 'firebase.json');
      writeFileSync(config, JSON.stringify(base, null, 2));
    }
    emulator = await startEmulator({
      config,
      cwd: process.env.TMPDIR,
      host: emulatorHost,
      exportDir: path.join(env.DATA_DIR, 'auth-emulator'),
      detached: true,
      log: (line) => {
        if (/error|warn/i.test(line)) console.log(`[emulator] ${line}`);
      },
    });
    emulator.child.once('exit', (code) => {
      if (!stopping) {
        console.error(`[start] the Auth emulator exited unexpectedly (${code}); stopping everything`);
        void shutdown(1);
      }
    });
  }
}

if (mailCatcher) {
  log(`starting the mail catcher (maildev): SMTP 127.0.0.1:${mailSmtpPort}, inbox ${inboxUrl}`);
  // Loopback only, and no STARTTLS: its certificate is self-signed and the mail never leaves this machine.
  startChild('mail', bin('maildev'), [
    ...['--smtp', String(mailSmtpPort), '--ip', '127.0.0.1'],
    ...['--web', new URL(inboxUrl).port, '--web-ip', '127.0.0.1'],
    ...['--hide-extensions', 'STARTTLS'],
  ]);
  await waitFor(`${inboxUrl}/api/email`, 'mail catcher');
}

if (dev) {
  // @newsroom/common from its source (see common/package.json's exports), so edits there reload too.
  startChild('api', bin('tsx'), [
    'watch',
    '--clear-screen=false',
    '--conditions=@newsroom/source',
    'server/src/index.ts',
  ]);
} else {
  startChild('api', process.execPath, ['server/dist/index.js']);
}
await waitFor(`${apiUrl}/health`, 'API');

if (dev) {
  // Loopback unless HOST says otherwise (the API refuses a wider HOST while it trusts the emulator).
  startChild(
    'client',
    bin('vite'),
    ['--port', String(clientPort), '--strictPort', '--host', env.HOST || '127.0.0.1'],
    {
      cwd: path.join(root, 'client'),
    },
  );
} else {
  // Our site server (server/src/site): the build, its history fallback, and the pages crawlers read
  // (robots.txt, sitemap.xml, rss.xml, article tags), with article data from the API.
  startChild('client', process.execPath, ['server/dist/site/index.js'], {
    env: { ...env, SITE_PORT: String(clientPort), SITE_URL: env.SITE_URL || clientUrl },
  });
}
await waitFor(clientUrl, 'client');

if (!stopping) {
  console.log(`
  Newsroom is running${dev ? ' (dev mode, hot reload)' : ''}
    Site:           ${clientUrl}
    API:            ${apiUrl}  (health: ${apiUrl}/health)
    Auth emulator:  ${realFirebase ? 'off (real Firebase project)' : `http://${env.FIREBASE_AUTH_EMULATOR_HOST}`}
    Mail inbox:     ${mailCatcher ? `${inboxUrl}  (every mail the app sends; SMTP ${env.SMTP_URL})` : 'off (mail goes to SMTP_URL)'}
    Data:           ${env.MONGODB_URI ? 'MongoDB' : env.DATA_DIR}

  Demo logins (password):
    admin@newsroom.test    Admin1234    admin
    premium@newsroom.test  Premium1234  premium for a year
    reader@newsroom.test   Reader1234   normal user
    editor@newsroom.test   Editor1234   editor (moderates articles)

  Press Ctrl-C to stop.
`);
}
