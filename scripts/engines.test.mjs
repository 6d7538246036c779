// Every installed package accepts the oldest Node we promise (package.json engines), so `npm ci` on
// it prints no EBADENGINE warning. npm warns when the running Node misses a package's engines.node;
// this checks the lock file's record of each package against our minimum, whatever Node runs it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

test('every package in the lock file runs on the oldest Node we support (no EBADENGINE)', () => {
  const promised = read('package.json').engines.node;
  const oldest = semver.minVersion(promised).version;
  const refusing = Object.entries(read('package-lock.json').packages)
    .filter(([, entry]) => typeof entry.engines?.node === 'string')
    .filter(([, entry]) => !semver.satisfies(oldest, entry.engines.node))
    .map(([name, entry]) => `${name} (node ${entry.engines.node})`);
  assert.deepEqual(refusing, [], `these packages refuse Node ${oldest} (we promise ${promised})`);
});
