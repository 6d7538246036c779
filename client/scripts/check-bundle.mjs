// Runs after `vite build` (postbuild): the JavaScript a first visit needs before anything shows
// must stay small. Fails the build when the entry chunk plus everything it loads statically
// (its imports and the modulepreloads in index.html) exceeds the budget in gzip, or when Firebase
// Auth is among it (a signed-out reader's first paint needs none of it: src/lib/load-firebase.ts).
// Usage: node scripts/check-bundle.mjs [distDir]   (default: CLIENT_OUT_DIR or dist)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** 120 kB as Vite prints sizes (1 kB = 1000 bytes). */
export const BUDGET_BYTES = 120_000;
/** Strings only Firebase Auth's own code contains (its token endpoint and its IndexedDB store). */
const FIREBASE_AUTH_MARKERS = ['securetoken.googleapis.com', 'firebaseLocalStorageDb'];

/** The initial JavaScript of the build in `distDir`: [{ file, gzipBytes, firebaseAuth }]. */
export function initialJavaScript(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const queue = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1].replace(/^\//, ''));
  const seen = new Map();
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    const code = readFileSync(path.join(distDir, file));
    const text = code.toString('utf8');
    seen.set(file, {
      file,
      // zlib's default level, as compression middleware (ours included) sends it.
      gzipBytes: gzipSync(code).length,
      firebaseAuth: FIREBASE_AUTH_MARKERS.some((marker) => text.includes(marker)),
    });
    // Static imports only (`import ... from "./x.js"` / `import "./x.js"`); `import("./x.js")` is lazy.
    for (const m of text.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g))
      queue.push(path.posix.join(path.posix.dirname(file), m[1]));
  }
  return [...seen.values()];
}

function main() {
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const distDir = path.resolve(clientDir, process.argv[2] ?? process.env.CLIENT_OUT_DIR ?? 'dist');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.error(`[check-bundle] no build at ${distDir}`);
    process.exit(1);
  }
  const files = initialJavaScript(distDir);
  const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
  for (const f of files) console.log(`[check-bundle]   ${f.file}  ${kb(f.gzipBytes)} gzip`);
  console.log(`[check-bundle] initial JavaScript: ${kb(total)} gzip (budget ${kb(BUDGET_BYTES)})`);
  const problems = [];
  if (total > BUDGET_BYTES) problems.push(`initial JavaScript ${kb(total)} exceeds ${kb(BUDGET_BYTES)}`);
  for (const f of files.filter((x) => x.firebaseAuth))
    problems.push(`${f.file} contains Firebase Auth: load it with loadFirebase(), not a static import`);
  for (const problem of problems) console.error(`[check-bundle] FAIL: ${problem}`);
  process.exit(problems.length ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
