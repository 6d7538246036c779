/**
 * The cluster the scale-out test drives (issue 20): redis-server, three API instances from source on
 * one MongoDB-compatible database (MONGODB_URI: DocumentDB from scripts/documentdb.mjs), and HAProxy in
 * front, round-robin with no stickiness. Everything listens on loopback ports picked here; every
 * process is stopped by `stop()`. The test talks to the balancer only (`url`); the balancer names
 * the instance that answered in `X-Served-By` (api1..api3).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../config.js';
import { migrate, openStore } from '../../store/index.js';
import { MongoStore } from '../../store/mongo.js';
import type { Store } from '../../store/port.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Ports this process handed out (a probe's port is free again once the probe is closed). */
const handedOut = new Set<number>();

/**
 * A loopback port free a moment ago, below Linux's ephemeral range (32768-60999): a port the OS
 * picks for bind(0) is one it also gives outgoing connections, and the cluster opens many (HAProxy's
 * health checks, the database, Redis) between choosing its ports and starting the last process on
 * them. Such a port taken meanwhile is the likely reason the site once exited with 1 at start in
 * .ci/run (its output was not kept then; a failed start now shows it).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) {
      handedOut.add(port);
      return port;
    }
  }
}

async function waitFor(url: string, name: string, child?: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

interface Proc {
  child: ChildProcess;
  output: string[];
}

function start(cmd: string, args: string[], env: NodeJS.ProcessEnv, name: string): Proc {
  const child = spawn(cmd, args, { cwd: rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 60) output.shift();
    if (process.env.CLUSTER_VERBOSE) process.stdout.write(`[${name}] ${chunk}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output };
}

const stopped = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export interface Instance {
  name: string;
  port: number;
  proc: Proc;
}

export interface Cluster {
  /** The balancer: the only address the test uses. */
  url: string;
  /** The standalone site process, reading the API through the balancer. */
  siteUrl: string;
  instances: Instance[];
  /** The shared database, for fixtures written before the instances read them and for checks. */
  store: Store;
  redisPort: number;
  /** SIGKILLs one instance (it stays down until restart). */
  kill(name: string): Promise<void>;
  /** Starts a killed instance again on its port and waits until the balancer may use it. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Extra environment of every instance (limits, Stripe). */
  env?: NodeJS.ProcessEnv;
  size?: number;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const mongoUri = process.env.MONGODB_URI;
  if (!mongoUri)
    throw new Error('MONGODB_URI is not set: run through scripts/documentdb.mjs (npm run test:cluster)');
  const size = options.size ?? 3;
  const work = mkdtempSync(path.join(tmpdir(), 'newsroom-cluster-'));
  const procs: Proc[] = [];
  const cleanups: Array<() => Promise<void>> = [];

  const redisPort = await freePort();
  const redis = start(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', work],
    process.env,
    'redis',
  );
  procs.push(redis);
  const dbName = `cluster_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({ MONGODB_URI: mongoUri, MONGODB_DB: dbName, DATA_DIR: work, NODE_ENV: 'test' });
  // The migration step, once, before any instance starts (instances refuse a database that needs it).
  const store = await openStore(config);
  await migrate(store);
  cleanups.push(async () => {
    if (store instanceof MongoStore) await store.db.dropDatabase().catch(() => undefined);
    await store.close();
  });

  const lbPort = await freePort();
  const url = `http://127.0.0.1:${lbPort}`;
  const sitePort = await freePort();
  // The site's own way in: the same instances, a rotation of its own, so the test's requests still
  // go round-robin one instance after the other.
  const siteLbPort = await freePort();
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const siteApiSecret = randomBytes(32).toString('hex');
  const ports = await Promise.all(Array.from({ length: size }, () => freePort()));
  const instanceEnv = (i: number): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(ports[i]),
    PUBLIC_URL: url,
    DATA_DIR: path.join(work, `api${i + 1}`),
    MONGODB_URI: mongoUri,
    MONGODB_DB: dbName,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    JWT_SECRET: jwtSecret,
    TRUST_PROXY: '1',
    SITE_API_SECRET: siteApiSecret,
    CLIENT_ORIGIN: siteUrl,
    SEED_DEMO_DATA: 'false',
    // The suites read a premium article as a reader without premium and expect its teaser (402).
    METER_FREE_PREMIUM_PER_MONTH: '0',
    FIREBASE_PROJECT_ID: 'demo-newsroom',
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199',
    LOG_LEVEL: process.env.CLUSTER_VERBOSE ? 'info' : 'warn',
    ...options.env,
  });
  const fromSource = ['--import', 'tsx', '--conditions=@newsroom/source', 'server/src/index.ts'];
  const instances: Instance[] = ports.map((port, i) => ({
    name: `api${i + 1}`,
    port,
    proc: start(process.execPath, fromSource, instanceEnv(i), `api${i + 1}`),
  }));

  const haproxyConfig = path.join(work, 'haproxy.cfg');
  writeFileSync(
    haproxyConfig,
    [
      'global',
      '  maxconn 2048',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      // A request whose instance is down goes to another (the killed-instance tests).
      '  retries 3',
      '  option redispatch',
      'frontend api',
      `  bind 127.0.0.1:${lbPort}`,
      // The client's address for per-address limits (TRUST_PROXY=1 on the instances).
      '  option forwardfor',
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  option httpchk',
      // With the Auth emulator trusted, the API answers only its own host name (DNS rebinding).
      `  http-check send meth GET uri /health ver HTTP/1.1 hdr Host 127.0.0.1:${lbPort}`,
      '  http-check expect status 200',
      '  default-server inter 300ms fall 2 rise 1',
      '  http-response set-header X-Served-By %s',
      ...instances.map((inst) => `  server ${inst.name} 127.0.0.1:${inst.port} check`),
      'frontend site_api',
      `  bind 127.0.0.1:${siteLbPort}`,
      '  option forwardfor',
      '  default_backend instances_for_site',
      'backend instances_for_site',
      '  balance roundrobin',
      '  option httpchk',
      `  http-check send meth GET uri /health ver HTTP/1.1 hdr Host 127.0.0.1:${lbPort}`,
      '  default-server inter 300ms fall 2 rise 1',
      // The instances answer only their public host name (PUBLIC_URL) while the emulator is trusted.
      `  http-request set-header Host 127.0.0.1:${lbPort}`,
      ...instances.map((inst) => `  server ${inst.name} 127.0.0.1:${inst.port} check`),
      '',
    ].join('\n'),
  );

  /**
   * SIGTERM, then SIGKILL after 20 s: one process that does not end (once in .ci/run, after the chaos
   * test's kills and restarts) must not hang the suite's teardown. Said on stderr with its last output.
   */
  const stopWithin = async (child: ChildProcess, name: string, output: string[]) => {
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), 20_000);
    });
    if ((await Promise.race([stopped(child), late])) === 'late') {
      console.warn(`[cluster] ${name} did not end within 20 s of SIGTERM: SIGKILL\n${output.join('')}`);
      child.kill('SIGKILL');
      await stopped(child);
    }
    clearTimeout(timer);
  };
  // The instances first, then what they use (Redis, the balancer, the site), as a deploy would: an
  // instance whose Redis went first spent its shutdown retrying it until the 20 s SIGKILL (seen after
  // every chaos run, 20 s of each run's teardown).
  const stopAll = async () => {
    await Promise.all(instances.map((i) => stopWithin(i.proc.child, i.name, i.proc.output)));
    await Promise.all(procs.map((p, k) => stopWithin(p.child, `process ${k + 1}`, p.output)));
    for (const cleanup of cleanups) await cleanup();
    rmSync(work, { recursive: true, force: true });
  };

  // The site's output too, when the cluster fails to start (a port taken, a crash).
  let siteProc: Proc | undefined;
  try {
    await Promise.all(
      instances.map((inst) => waitFor(`http://127.0.0.1:${inst.port}/health`, inst.name, inst.proc.child)),
    );
    const haproxy = start('haproxy', ['-f', haproxyConfig, '-db'], process.env, 'haproxy');
    procs.push(haproxy);
    await waitFor(`${url}/health`, 'haproxy', haproxy.child, 15_000);
    // The site, as `npm start` runs it, with a client build of one page: it reads articles and follows
    // the API's public events through the balancer, like any other client.
    const dist = path.join(work, 'dist');
    mkdirSync(dist);
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Newsroom</title></head>' +
        '<body><div id="root"></div></body></html>\n',
    );
    const site = start(
      process.execPath,
      ['--import', 'tsx', '--conditions=@newsroom/source', 'server/src/site/index.ts'],
      {
        ...process.env,
        SITE_PORT: String(sitePort),
        SITE_URL: siteUrl,
        SITE_API_URL: `http://127.0.0.1:${siteLbPort}`,
        SITE_API_SECRET: siteApiSecret,
        CLIENT_DIST_DIR: dist,
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199',
        LOG_LEVEL: process.env.CLUSTER_VERBOSE ? 'info' : 'warn',
      },
      'site',
    );
    procs.push(site);
    siteProc = site;
    await waitFor(`${siteUrl}/robots.txt`, 'site', site.child);
    // Every instance in rotation before the test starts (one health check each).
    await new Promise((r) => setTimeout(r, 700));
  } catch (err) {
    const logs = [
      ...instances.map((i) => `--- ${i.name}\n${i.proc.output.join('')}`),
      ...(siteProc ? [`--- site\n${siteProc.output.join('')}`] : []),
    ].join('\n');
    await stopAll();
    throw new Error(`${(err as Error).message}\n${logs}`, { cause: err });
  }

  return {
    url,
    siteUrl,
    instances,
    store,
    redisPort,
    async kill(name) {
      const inst = instances.find((i) => i.name === name)!;
      inst.proc.child.kill('SIGKILL');
      await stopped(inst.proc.child);
    },
    async restart(name) {
      const i = instances.findIndex((inst) => inst.name === name);
      const inst = instances[i]!;
      inst.proc = start(process.execPath, fromSource, instanceEnv(i), inst.name);
      await waitFor(`http://127.0.0.1:${inst.port}/health`, inst.name, inst.proc.child);
      await new Promise((r) => setTimeout(r, 700));
    },
    stop: stopAll,
  };
}
