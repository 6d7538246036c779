// `npm run test:start` (Linux; about a minute): the whole stack of `npm run dev` / scripts/start.mjs,
// on its own ports and a temp DATA_DIR, stopped the ways a service manager or a closed terminal stops
// it. Each stop must be as clean as Ctrl-C: the process exits, every process it started is gone, its
// ports are free, the emulator accounts are saved, and no firebase-export-* folder is left in the root.
// Dev mode (tsx watch, vite dev server) is used so the test never rebuilds server/dist or client/dist;
// the stopping code is the same as `npm start`'s.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STARTUP_MS = 180_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function canListen(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `count` consecutive free loopback ports (the emulator takes auth, hub = +1, logging = +2). */
async function freePorts(count) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const ports = Array.from({ length: count }, (_, i) => base + i);
    let free = true;
    for (const p of ports) free &&= await canListen(p);
    if (free) return ports;
  }
  throw new Error('no free ports');
}

/** Live (non-zombie) pids: pid -> ppid. */
function processTable() {
  const table = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z') table.set(Number(name), Number(ppid));
    } catch {
      // exited while listing
    }
  }
  return table;
}

function descendants(pid) {
  const table = processTable();
  const out = [];
  const walk = (p) => {
    for (const [child, parent] of table) {
      if (parent === p) {
        out.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return out;
}

/**
 * On failure nothing may outlive the test: `pids` and their descendants, but only processes that
 * still carry this run's DATA_DIR (a pid may have been reused meanwhile).
 */
function killRun(dataDir, pids) {
  for (const pid of new Set([...pids, ...pids.flatMap((p) => descendants(p))])) {
    try {
      const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (environ.includes(`DATA_DIR=${dataDir}`)) process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}

const exportDirsInRoot = () => fs.readdirSync(root).filter((n) => n.startsWith('firebase-export-'));

/** Starts the stack; resolves once it printed "Newsroom is running". */
async function startStack({ viaNpm }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-start-'));
  const [api, site] = await freePorts(2);
  const [emulator] = await freePorts(3);
  const [mailSmtp, mailWeb] = await freePorts(2);
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(api),
    SITE_PORT: String(site),
    AUTH_EMULATOR_PORT: String(emulator),
    MAIL_SMTP_PORT: String(mailSmtp),
    MAIL_WEB_PORT: String(mailWeb),
    LOG_LEVEL: 'warn',
  };
  for (const k of [
    'FIREBASE_AUTH_EMULATOR_HOST',
    'VITE_AUTH_EMULATOR_URL',
    'PUBLIC_URL',
    'VITE_API_URL',
    'SMTP_URL',
  ])
    delete env[k];
  const [cmd, args] = viaNpm
    ? ['npm', ['run', 'dev', '--silent']]
    : [process.execPath, ['scripts/start.mjs', '--dev']];
  // Own session and process group, as under a terminal or a service manager.
  const child = spawn(cmd, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + STARTUP_MS;
  while (!output.includes('Newsroom is running')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      killRun(dataDir, [child.pid]);
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the stack did not start:\n${output.slice(-4000)}`);
    }
    await sleep(250);
  }
  return {
    child,
    exited,
    dataDir,
    ports: [api, site, emulator, emulator + 1, emulator + 2, mailSmtp, mailWeb],
    inboxUrl: `http://127.0.0.1:${mailWeb}`,
    emulatorHost: `127.0.0.1:${emulator}`,
    output: () => output,
  };
}

/** An account made during this run: only a save at this stop can have put it in the export. */
async function signUp(emulatorHost) {
  const email = `stop-${randomBytes(4).toString('hex')}@newsroom.test`;
  const res = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Passw0rd!', returnSecureToken: true }),
    },
  );
  assert.equal(res.status, 200, await res.clone().text());
  return email;
}

async function expectCleanStop(stack, tree, email, rootDirsBefore) {
  const result = await Promise.race([stack.exited, sleep(60_000).then(() => 'timeout')]);
  assert.notEqual(result, 'timeout', `did not exit:\n${stack.output().slice(-3000)}`);

  // Every process of the tree is gone (not just the ones we signalled).
  let alive = [];
  for (let i = 0; i < 40; i++) {
    const table = processTable();
    alive = tree.filter((pid) => table.has(pid));
    if (alive.length === 0) break;
    await sleep(250);
  }
  assert.deepEqual(alive, [], `processes left behind:\n${stack.output().slice(-3000)}`);
  for (const port of stack.ports) assert.ok(await canListen(port), `port ${port} still taken`);

  const accounts = path.join(stack.dataDir, 'auth-emulator', 'auth_export', 'accounts.json');
  assert.ok(fs.existsSync(accounts), `no accounts export:\n${stack.output().slice(-3000)}`);
  const saved = JSON.parse(fs.readFileSync(accounts, 'utf8'));
  const emails = (saved.users ?? []).map((u) => u.email);
  assert.ok(emails.includes(email), `account made during the run not saved: ${emails.join(', ')}`);
  assert.ok(emails.includes('admin@newsroom.test'));

  assert.deepEqual(
    exportDirsInRoot().filter((d) => !rootDirsBefore.includes(d)),
    [],
  );
  assert.match(stack.output(), /\[start\] stopped/);
}

async function scenario({ viaNpm, stop }) {
  const rootDirsBefore = exportDirsInRoot();
  const stack = await startStack({ viaNpm });
  let tree = [stack.child.pid, ...descendants(stack.child.pid)];
  try {
    const email = await signUp(stack.emulatorHost);
    // The mail catcher runs beside the emulator, and its inbox is printed with the other URLs.
    assert.match(stack.output(), new RegExp(`Mail inbox: +${stack.inboxUrl.replace(/\./g, '\\.')}`));
    const inbox = await fetch(`${stack.inboxUrl}/api/email`);
    assert.equal(inbox.status, 200);
    assert.ok(Array.isArray(await inbox.json()));
    tree = [stack.child.pid, ...descendants(stack.child.pid)];
    assert.ok(tree.length >= 5, `expected the whole stack to be running, found ${tree.length} processes`);
    stop(stack, tree);
    await expectCleanStop(stack, tree, email, rootDirsBefore);
  } finally {
    killRun(stack.dataDir, tree);
    fs.rmSync(stack.dataDir, { recursive: true, force: true });
  }
}

test('a service manager signals every process at once (SIGTERM)', () =>
  scenario({
    viaNpm: false,
    stop: (_stack, tree) => {
      for (const pid of tree) process.kill(pid, 'SIGTERM');
    },
  }));

test('SIGTERM to npm alone (a service manager whose main process is npm)', () =>
  scenario({ viaNpm: true, stop: (stack) => process.kill(stack.child.pid, 'SIGTERM') }));

test('a closed terminal: SIGHUP to the foreground process group of npm', () =>
  scenario({ viaNpm: true, stop: (stack) => process.kill(-stack.child.pid, 'SIGHUP') }));
