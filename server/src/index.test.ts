import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { ConfigError, loadConfig } from './config.js';
import { emulatorHost } from './test/emulator.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'newsroom-index-'));
const started = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  // A failed assertion must not leave a server running (and holding its port).
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `src/index.ts` (through tsx) with only the given variables, as `npm start` would run the build. */
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Local addresses listening on `port` (Linux /proc/net), e.g. ['127.0.0.1'] or ['::']. */
function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local) continue; // 0A: LISTEN
      const [hex, portHex] = local.split(':');
      if (parseInt(portHex!, 16) !== port) continue;
      if (hex!.length === 8) {
        found.push(
          (hex!.match(/../g) ?? [])
            .reverse()
            .map((b) => parseInt(b, 16))
            .join('.'),
        );
      } else found.push(/^0+$/.test(hex!) ? '::' : hex!);
    }
  }
  return found;
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe('configuration: the trust boundary', () => {
  const base = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (err) {
      if (err instanceof ConfigError) return err.message;
      throw err;
    }
    return null;
  };

  it('production refuses the Auth emulator and a Stripe API stand-in, naming the variable', () => {
    const prod = { NODE_ENV: 'production' };
    expect(refusal({ ...prod, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toMatch(
      /FIREBASE_AUTH_EMULATOR_HOST: must be empty in production/,
    );
    expect(refusal({ ...prod, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toMatch(
      /STRIPE_API_BASE: must be empty in production/,
    );
    expect(refusal(prod)).toBeNull();
    // Outside production both stay available (local runs, tests).
    expect(
      refusal({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', STRIPE_API_BASE: 'http://127.0.0.1:1' }),
    ).toBeNull();
  });

  it('with the emulator the API listens on loopback; a wider HOST is refused in one line', () => {
    const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(loadConfig({ ...base, ...emulator }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, ...emulator, HOST: '::1' }).host).toBe('::1');
    expect(loadConfig({ ...base, ...emulator, HOST: 'localhost' }).host).toBe('localhost');
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'newsroom.example']) {
      const message = refusal({ ...emulator, HOST: host });
      expect(message, host).toContain(`HOST=${host}`);
      expect(message, host).toContain('FIREBASE_AUTH_EMULATOR_HOST');
      expect(message, host).not.toContain('\n');
    }
    // A real Firebase project: every interface unless HOST says otherwise.
    expect(loadConfig(base).host).toBeUndefined();
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(refusal({ HOST: 'bad host!' })).toMatch(/HOST/);
  });
});

describe('server entry point', () => {
  it('prints what is wrong with the configuration and exits 1', async () => {
    const run = runServer({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid configuration');
    expect(run.output()).toContain('PORT');
    expect(run.output()).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
  });

  it('refuses to start with the emulator and a wider HOST: exit 1, one line', async () => {
    const run = runServer({
      PORT: '5092',
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^HOST=0\.0\.0\.0 .*FIREBASE_AUTH_EMULATOR_HOST/);
  });

  it('refuses to start in production with the emulator configured', async () => {
    const run = runServer({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('FIREBASE_AUTH_EMULATOR_HOST: must be empty in production');
  });

  it('listens on 127.0.0.1 only while it trusts the emulator, answers /health, and stops cleanly on SIGTERM', async () => {
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
    expect(listeningAddresses(Number(port))).toEqual(['127.0.0.1']);
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && !a.address.startsWith('fe80:'))
      .map((a) => a!.address);
    for (const address of external) expect(await accepts(address, Number(port)), address).toBe(false);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('shutting down');
  });
});

describe('shutting down without its Redis', () => {
  it('an instance whose Redis is gone still ends within 12 s of SIGTERM, saying why it did not close cleanly', async () => {
    const redisPort = await freePort();
    const redis = spawn('redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    started.add(redis);
    const port = String(await freePort());
    const run = runServer({
      PORT: port,
      DATA_DIR: mkdtempSync(path.join(dataDir, 'redis-gone-')),
      SEED_DEMO_DATA: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      JWT_SECRET: 'a-secret-shared-by-every-instance-of-this-test',
      SWEEP_INTERVAL_MS: '200',
      LOG_LEVEL: 'info',
    });
    let healthy = false;
    for (let i = 0; i < 100 && !healthy; i++) {
      await new Promise((r) => setTimeout(r, 200));
      healthy = await fetch(`http://127.0.0.1:${port}/health`).then(
        (res) => res.ok,
        () => false,
      );
    }
    expect(healthy, run.output()).toBe(true);
    redis.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500)); // a sweep now waits on the Redis that is gone
    const from = Date.now();
    run.child.kill('SIGTERM');
    const code = await Promise.race([
      run.exited,
      new Promise((r) => setTimeout(() => r('still running'), 12_000)),
    ]);
    expect(code, run.output().slice(-2000)).toBe(1);
    expect(Date.now() - from).toBeLessThan(12_000);
    expect(run.output()).toContain('did not close cleanly');
    // The outage said once per connection, not each failed reconnect as an unhandled error.
    expect(run.output()).not.toContain('Unhandled error event');
    expect(run.output().match(/Redis is not answering/g)?.length ?? 0).toBeLessThanOrEqual(2);
  }, 40_000);
});

describe('npm start in production', () => {
  /** scripts/start.mjs with only the given variables (it checks them before building or starting anything). */
  async function start(env: Record<string, string>) {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      // Set (even empty) so a developer's .env cannot fill them in.
      env: {
        PATH: process.env.PATH ?? '',
        FIREBASE_AUTH_EMULATOR_HOST: '',
        GOOGLE_APPLICATION_CREDENTIALS: '',
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, output };
  }

  it('never falls back to the Auth emulator', async () => {
    const none = await start({ NODE_ENV: 'production' });
    expect(none.code).toBe(1);
    expect(none.output).toMatch(/NODE_ENV=production: configure a real Firebase project/);
    expect(none.output).not.toMatch(/emulator on|Auth emulator already running/);

    const emulator = await start({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(emulator.code).toBe(1);
    expect(emulator.output).toMatch(/FIREBASE_AUTH_EMULATOR_HOST must be empty/);
  });
});
