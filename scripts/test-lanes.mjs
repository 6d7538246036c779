// `npm test`: every test, in two lanes that run at the same time (docs/decisions/test-lanes.md).
//
// The browser lane (the client's build, then the browser tests) spends most of its time waiting on
// browsers, timers and the network stacks it starts; the store lane (server tests, the same routes on
// the MongoDB engine, the cluster, the client's unit tests) is CPU-bound. One after the other they left
// a core idle most of the browser lane's five minutes; side by side each takes what the other leaves.
// The files that time themselves (the server's "timed" project) start the store lane, while its Auth
// emulator starts: their bounds hold with the CPU shared (they passed with two busy loops beside
// them); run alone after both lanes, they added their whole time to every run.
//
// Each lane's output goes to its own log, printed whole when the lanes are done (two interleaved
// vitest reports are unreadable); meanwhile one line says when each step starts and ends. A failed
// step does not stop the others, so one run reports every failure. At the end, a table of the steps,
// their times and results.
//
//   node scripts/test-lanes.mjs [--serial] [--only=<lane>[,<lane>]]
//
// --serial runs the lanes one after another (to compare, or on a machine where they contend).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isUp, startEmulator } from './emulator.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Each lane has an Auth emulator of its own: the store lane on firebase.test.json's 127.0.0.1:9199,
 * the browser lane 100 ports above. Sharing one, the server's seed tests rewrite the demo accounts'
 * photos (to the test apps' address) while the browser stacks show them, and every page then breaks
 * its CSP. TEST_AUTH_EMULATOR_PORT moves both, for a second checkout's run on the same machine.
 */
const storeEmulatorPort = Number(process.env.TEST_AUTH_EMULATOR_PORT || 9199);

/**
 * The lanes, each a list of steps run in order. `emulator`: the step needs the lane's Auth emulator
 * when it starts (the browser lane builds the client first and waits for it after, so it need not).
 */
const lanes = [
  {
    name: 'browser',
    emulatorPort: storeEmulatorPort + 100,
    steps: [{ name: 'browser', command: 'npm run test:e2e -w client', emulator: false }],
  },
  {
    name: 'store',
    emulatorPort: storeEmulatorPort,
    steps: [
      // The engine check and the timed files need no emulator: they run while it starts (10 s, 25 s
      // when busy) instead of the lane waiting for it. The timed files' assertions include their own
      // timings: one at a time (server/vitest.config.ts), and they hold with the CPU shared (they
      // passed with two busy loops beside them).
      { name: 'engines', command: 'node --test scripts/engines.test.mjs', emulator: false },
      { name: 'timed', command: 'npm run test -w server -- --project timed', emulator: false },
      { name: 'client', command: 'npm run test -w client', emulator: true },
      { name: 'server', command: 'npm run test -w server -- --project parallel', emulator: true },
      { name: 'mongodb', command: 'npm run test:mongo', emulator: true },
    ],
  },
];

const { values: options } = parseArgs({
  options: { serial: { type: 'boolean', default: false }, only: { type: 'string' } },
});
const only = options.only?.split(',');
const chosen = only ? lanes.filter((lane) => only.includes(lane.name)) : lanes;

const started = Date.now();
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(0);
const say = (line) => console.log(`[lanes ${seconds(started).padStart(4)} s] ${line}`);

const logDir = mkdtempSync(path.join(tmpdir(), 'newsroom-lanes-'));

// The Auth emulators: a running one is reused (a developer's); otherwise started here and stopped at
// the end. Steps that need their lane's wait for it; the others start at once.
/** @type {Map<number, { ready: Promise<void>, stop: () => Promise<void> }>} */
const emulators = new Map();
function emulatorOn(port) {
  let emulator = emulators.get(port);
  if (emulator) return emulator;
  const host = `127.0.0.1:${port}`;
  emulator = { stop: async () => {}, ready: Promise.resolve() };
  emulator.ready = (async () => {
    if (await isUp(host)) return say(`using the Firebase Auth emulator already on ${host}`);
    say(`starting the Firebase Auth emulator on ${host}`);
    const started = await startEmulator({ config: await emulatorConfig(port), host });
    emulator.stop = started.stop;
    say(`Firebase Auth emulator ready on ${host}`);
  })();
  emulators.set(port, emulator);
  return emulator;
}
const envOn = (port) => ({
  ...process.env,
  FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port}`,
  FIREBASE_PROJECT_ID: 'demo-newsroom',
});

/** firebase.test.json, or a copy of it on `port` with its hub and logging on free ports. */
async function emulatorConfig(port) {
  const config = path.join(root, 'firebase.test.json');
  if (port === 9199) return config;
  const json = JSON.parse(readFileSync(config, 'utf8'));
  json.emulators.auth.port = port;
  json.emulators.hub.port = await freePort();
  json.emulators.logging.port = await freePort();
  const copy = path.join(logDir, `firebase.test.${port}.json`);
  writeFileSync(copy, JSON.stringify(json));
  return copy;
}
for (const lane of chosen) emulatorOn(lane.emulatorPort);
/** @type {{ lane: string, step: string, seconds: number, code: number }[]} */
const results = [];

/** Runs one step with its output appended to `log`; resolves with its exit code. */
async function runStep(lane, step, log) {
  const emulator = emulatorOn(lane.emulatorPort);
  if (step.emulator) await emulator.ready;
  const from = Date.now();
  say(`${lane.name} › ${step.name}: ${step.command}`);
  log.write(`\n[lanes] ${lane.name} › ${step.name}: ${step.command}\n`);
  const child = spawn(step.command, {
    shell: true,
    cwd: root,
    env: { ...envOn(lane.emulatorPort), FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const code = await new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('close', (c) => resolve(c ?? 1));
  });
  results.push({ lane: lane.name, step: step.name, seconds: (Date.now() - from) / 1000, code });
  say(
    `${lane.name} › ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(from)} s`,
  );
  return code;
}

async function runLane(lane) {
  const file = path.join(logDir, `${lane.name}.log`);
  const log = createWriteStream(file);
  for (const step of lane.steps) await runStep(lane, step, log);
  await new Promise((resolve) => log.end(resolve));
  return file;
}

let exitCode;
try {
  const logs = [];
  if (options.serial) for (const lane of chosen) logs.push(await runLane(lane));
  else logs.push(...(await Promise.all(chosen.map(runLane))));
  for (const [i, file] of logs.entries()) {
    console.log(`\n[lanes] ==== ${chosen[i].name} lane output ====`);
    process.stdout.write(readFileSync(file));
    console.log(`[lanes] ==== end of ${chosen[i].name} lane output ====`);
  }
  console.log('\n[lanes] step                  time   result');
  for (const r of results) {
    const name = `${r.lane} › ${r.step}`.padEnd(20);
    console.log(
      `[lanes] ${name} ${r.seconds.toFixed(0).padStart(5)} s  ${r.code === 0 ? 'passed' : 'FAILED'}`,
    );
  }
  console.log(`[lanes] all tests: ${seconds(started)} s`);
  exitCode = results.every((r) => r.code === 0) && results.length > 0 ? 0 : 1;
} finally {
  for (const emulator of emulators.values()) {
    await emulator.ready.catch((error) => console.error(String(error)));
    await emulator.stop();
  }
  rmSync(logDir, { recursive: true, force: true });
}
process.exit(exitCode);
