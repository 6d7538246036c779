/**
 * The build's first-paint budget (scripts/check-bundle.mjs, run after `vite build`): it counts the
 * entry and what it loads statically, not what it loads lazily, and refuses Firebase Auth among it.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/check-bundle.mjs');
const dirs: string[] = [];

/** A fake build: index.html loading `entry.js` (+ a modulepreload) and the given asset files. */
function build(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-bundle-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<script type="module" crossorigin src="/assets/entry.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/preloaded.js">',
  );
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, 'assets', name), text);
  return dir;
}

/** Random bytes as base64: about `kb` kilobytes once gzipped. */
const incompressible = (kb: number) => `/*${randomBytes(kb * 1000).toString('base64')}*/`;

function check(dir: string) {
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { code: run.status, output: run.stdout + run.stderr };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the first-paint JavaScript budget', () => {
  it('passes a small entry and leaves lazily imported chunks out of the count', () => {
    const dir = build({
      'entry.js': 'import{a}from"./shared.js";const f=()=>import("./lazy.js");',
      'shared.js': 'export const a=1;',
      'preloaded.js': 'export const b=2;',
      'lazy.js': `${incompressible(150)} "securetoken.googleapis.com"`,
    });
    const { code, output } = check(dir);
    expect(code).toBe(0);
    expect(output).toContain('assets/shared.js');
    expect(output).toContain('assets/preloaded.js');
    expect(output).not.toContain('assets/lazy.js');
  });

  it('fails when the entry and its static imports exceed 120 kB gzip', () => {
    const dir = build({
      'entry.js': `import"./big.js";${incompressible(70)}`,
      'big.js': incompressible(60),
      'preloaded.js': '',
    });
    const { code, output } = check(dir);
    expect(code).toBe(1);
    expect(output).toMatch(/initial JavaScript 1[23]\d\.\d\d kB exceeds 120\.00 kB/);
  });

  it('fails when Firebase Auth is statically reachable from the entry', () => {
    const dir = build({
      'entry.js': 'import{x}from"./firebase.js";',
      'firebase.js': 'export const x="https://securetoken.googleapis.com/v1/token";',
      'preloaded.js': '',
    });
    const { code, output } = check(dir);
    expect(code).toBe(1);
    expect(output).toContain('assets/firebase.js contains Firebase Auth');
  });
});
