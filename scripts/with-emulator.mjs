// Runs a command with a fresh Firebase Auth emulator (port 9199, no persisted accounts) for tests.
import { spawn } from 'node:child_process';
import { isUp, startEmulator } from './emulator.mjs';

const command = process.argv[2];
if (!command) {
  console.error('usage: node scripts/with-emulator.mjs "<command>"');
  process.exit(2);
}
const host = '127.0.0.1:9199';
// Reuse one already listening (a developer's long-running test emulator); otherwise start our own.
let emulator = null;
if (await isUp(host)) {
  console.log(`[test] using the Firebase Auth emulator already on ${host}`);
} else {
  console.log(`[test] starting Firebase Auth emulator on ${host} ...`);
  emulator = await startEmulator({ config: 'firebase.test.json', host });
  console.log('[test] emulator ready');
}
const child = spawn(command, {
  shell: true,
  stdio: 'inherit',
  env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: 'demo-newsroom' },
});
const code = await new Promise((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
await emulator?.stop();
process.exit(code);
