// `npm test`: every test, in two lanes that run at the same time (docs/decisions/test-lanes.md).
//
// The browser lane (the client's build, then the browser tests) spends most of its time waiting on
// browsers, timers and the network stacks it starts; the store lane (server tests, the same routes on
// the MongoDB engine, the cluster, the client's unit tests) is CPU-bound. One after the other they left
// a core idle most of the browser lane's five minutes; side by side each takes what the other leaves.
// The files that time themselves (the server's "timed" project) run last, alone, once both lanes are
// done, so their CPU is theirs.
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
 * The tests' Auth emulator: firebase.test.json's 127.0.0.1:9199, or TEST_AUTH_EMULATOR_PORT for a run
 * that must not share it (a second checkout's tests on the same machine: the demo accounts' photos
 * name the stack that seeded them last, and the other run's pages would break their CSP on them).
 */
const emulatorPort = Number(process.env.TEST_AUTH_EMULATOR_PORT || 9199);
const emulatorHost = `127.0.0.1:${emulatorPort}`;

/**
 * The lanes, each a list of steps run in order. `emulator`: the step needs the Auth emulator when it
 * starts (the browser lane builds the client first and starts its stacks after, so it need not wait).
 */
const lanes = [
  {
    name: 'browser',
    steps: [{ name: 'browser', command: 'npm run test:e2e -w client', emulator: false }],
  },
  {
    name: 'store',
    steps: [
      { name: 'server', command: 'npm run test -w server -- --project parallel', emulator: true },
      { name: 'engines', command: 'node --test scripts/engines.test.mjs', emulator: false },
      { name: 'mongodb', command: 'npm run test:mongo', emulator: true },
      { name: 'client', command: 'npm run test -w client', emulator: false },
    ],
  },
];
/** Run alone after the lanes: files whose assertions include their own timings. */
const last = { name: 'timed', command: 'npm run test -w server -- --project timed', emulator: true };

const { values: options } = parseArgs({
  options: { serial: { type: 'boolean', default: false }, only: { type: 'string' } },
});
const only = options.only?.split(',');
const chosen = only ? lanes.filter((lane) => only.includes(lane.name)) : lanes;
const runTimed = !only || only.includes(last.name);

const started = Date.now();
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(0);
const say = (line) => console.log(`[lanes ${seconds(started).padStart(4)} s] ${line}`);

const logDir = mkdtempSync(path.join(tmpdir(), 'newsroom-lanes-'));

// The Auth emulator: a running one is reused (a developer's, or a shared one); otherwise started here
// and stopped at the end. Steps that need it wait for it; the others start at once.
const env = {
  ...process.env,
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  FIREBASE_PROJECT_ID: 'demo-newsroom',
};
let stopEmulator = async () => {};
const emulatorReady = (async () => {
  if (await isUp(emulatorHost)) {
    say(`using the Firebase Auth emulator already on ${emulatorHost}`);
    return;
  }
  say(`starting the Firebase Auth emulator on ${emulatorHost}`);
  const emulator = await startEmulator({ config: await emulatorConfig(), host: emulatorHost });
  stopEmulator = emulator.stop;
  say('Firebase Auth emulator ready');
})();

/** firebase.test.json, or a copy of it on TEST_AUTH_EMULATOR_PORT with its hub and logging on free ports. */
async function emulatorConfig() {
  const config = path.join(root, 'firebase.test.json');
  if (emulatorPort === 9199) return config;
  const json = JSON.parse(readFileSync(config, 'utf8'));
  json.emulators.auth.port = emulatorPort;
  json.emulators.hub.port = await freePort();
  json.emulators.logging.port = await freePort();
  const copy = path.join(logDir, 'firebase.test.json');
  writeFileSync(copy, JSON.stringify(json));
  return copy;
}
/** @type {{ lane: string, step: string, seconds: number, code: number }[]} */
const results = [];

/** Runs one step with its output appended to `log`; resolves with its exit code. */
async function runStep(lane, step, log) {
  if (step.emulator) await emulatorReady;
  const from = Date.now();
  say(`${lane} › ${step.name}: ${step.command}`);
  log.write(`\n[lanes] ${lane} › ${step.name}: ${step.command}\n`);
  const child = spawn(step.command, {
    shell: true,
    cwd: root,
    env: { ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const code = await new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('close', (c) => resolve(c ?? 1));
  });
  results.push({ lane, step: step.name, seconds: (Date.now() - from) / 1000, code });
  say(`${lane} › ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(from)} s`);
  return code;
}

async function runLane(lane) {
  const file = path.join(logDir, `${lane.name}.log`);
  const log = createWriteStream(file);
  for (const step of lane.steps) await runStep(lane.name, step, log);
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
  if (runTimed) {
    // Its output is printed as it comes: nothing else runs beside it.
    const from = Date.now();
    await emulatorReady;
    say(`${last.name}: ${last.command}`);
    const child = spawn(last.command, { shell: true, cwd: root, env, stdio: 'inherit' });
    const code = await new Promise((resolve) => child.once('close', (c) => resolve(c ?? 1)));
    results.push({ lane: last.name, step: last.name, seconds: (Date.now() - from) / 1000, code });
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
  await emulatorReady.catch((error) => console.error(String(error)));
  await stopEmulator();
  rmSync(logDir, { recursive: true, force: true });
}
process.exit(exitCode);
