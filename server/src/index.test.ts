import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emulatorHost } from './test/emulator.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'newsroom-index-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `src/index.ts` (through tsx) with only the given variables, as `npm start` would run the build. */
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('server entry point', () => {
  it('prints what is wrong with the configuration and exits 1', async () => {
    const run = runServer({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid configuration');
    expect(run.output()).toContain('PORT');
    expect(run.output()).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
  });

  it('listens, answers /health, and shuts down cleanly on SIGTERM', async () => {
    const port = '5091';
    const run = runServer({
      PORT: port,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      LOG_LEVEL: 'info',
    });
    let health: unknown = null;
    for (let i = 0; i < 100 && health === null; i++) {
      await new Promise((r) => setTimeout(r, 200));
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        health = await res.json();
      } catch {
        // not listening yet
      }
    }
    expect(health).toEqual({ status: 'ok', store: 'embedded' });
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('shutting down');
  });
});
