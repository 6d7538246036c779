// Runs a command with the tests' Firebase Auth emulator (firebase.test.json: 127.0.0.1:9199, no
// persisted accounts). `firebase emulators:exec` does the work: it starts the emulator, runs the
// command with FIREBASE_AUTH_EMULATOR_HOST set, stops the emulator without exporting anything and
// exits with the command's code. This script adds only what emulators:exec cannot do:
//  - reuse an emulator already listening on 127.0.0.1:9199 (a developer's long-running one, or one
//    shared by several test runs), where emulators:exec would fail on the busy port;
//  - set FIREBASE_PROJECT_ID, which our config reads (emulators:exec sets only GCLOUD_PROJECT).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isUp } from './emulator.mjs';

const command = process.argv[2];
if (!command) {
  console.error('usage: node scripts/with-emulator.mjs "<command>"');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const host = '127.0.0.1:9199';
const env = { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: 'demo-newsroom' };

let child;
if (await isUp(host)) {
  console.log(`[test] using the Firebase Auth emulator already on ${host}`);
  child = spawn(command, { shell: true, stdio: 'inherit', env });
} else {
  console.log(`[test] firebase emulators:exec: Auth emulator on ${host}`);
  const firebase = path.join(root, 'node_modules', '.bin', 'firebase');
  const args = ['emulators:exec', '--only', 'auth', '--project', 'demo-newsroom'];
  args.push('--config', path.join(root, 'firebase.test.json'), '--log-verbosity', 'QUIET', command);
  child = spawn(firebase, args, { stdio: 'inherit', env });
}
const code = await new Promise((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
process.exit(code);
