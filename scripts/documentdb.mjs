// DocumentDB (the PostgreSQL extensions FerretDB v2 runs on) behind FerretDB v2, a MongoDB-wire-
// compatible engine that keeps MongoDB's single-document atomicity, for the MongoDB engine's tests (no
// MongoDB binary exists on our machines; docs/decisions/documentdb.md).
//   node scripts/documentdb.mjs build   builds it once per machine: Debian's build dependencies, pgvector
//                                       and DocumentDB from the vendored sources, installed into the
//                                       machine's PostgreSQL 15; FerretDB v2 from the Go module proxy,
//                                       cached in ~/.cache/newsroom
//   node scripts/documentdb.mjs run "<command>"
//                                       runs the command with MONGODB_URI naming a fresh PostgreSQL
//                                       cluster with DocumentDB in a temporary directory behind FerretDB
//                                       v2, both on free loopback ports, then stops them and exits with
//                                       the command's code; says NOT RUN in one line and runs nothing
//                                       when the engine cannot be built
// DOCUMENTDB_VENDOR names the folder holding documentdb-*.tar.gz and pgvector/ (default: ../shared/vendor
// beside the repository). FERRETDB_V2_BIN names a FerretDB v2 binary to use instead of the cached build.
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
  chownSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';
import { runAgainst, waitForPort } from './local-server.mjs';

/** The vendored DocumentDB snapshot (extension 0.108-0) and the FerretDB v2 release that accepts it. */
export const DOCUMENTDB_COMMIT = 'b2e220c4';
export const FERRETDB_V2_VERSION = 'v2.7.0';
const PG_MAJOR = '15';
const PG_BIN = `/usr/lib/postgresql/${PG_MAJOR}/bin`;
const PG_CONFIG = path.join(PG_BIN, 'pg_config');
const APT_PACKAGES = [
  `postgresql-${PG_MAJOR}`,
  `postgresql-server-dev-${PG_MAJOR}`,
  'libbson-dev',
  'libpcre2-dev',
  'libintelrdfpmath-dev',
  'libkrb5-dev',
  `postgresql-${PG_MAJOR}-cron`,
  `postgresql-${PG_MAJOR}-rum`,
  `postgresql-${PG_MAJOR}-postgis-3`,
  'pkg-config',
  'build-essential',
];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vendorDir = process.env.DOCUMENTDB_VENDOR || path.resolve(repoRoot, '..', 'shared', 'vendor');
const cacheDir = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'newsroom');
const ferretBinary = path.join(cacheDir, `ferretdb-${FERRETDB_V2_VERSION}`);
// Written last by a build that finished; names what was installed into the machine's PostgreSQL.
const stamp = path.join(cacheDir, `documentdb-${DOCUMENTDB_COMMIT}-pg${PG_MAJOR}.built`);
const log = (msg) => console.log(`[documentdb] ${msg}`);

/** Runs a command; its output is kept. Throws with the command's last lines when it fails. */
function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) {
    const tail = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim().split('\n').slice(-25).join('\n');
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status}):\n${tail}`);
  }
  return r.stdout;
}

function timed(what, fn) {
  const started = Date.now();
  log(`${what} ...`);
  const result = fn();
  log(`${what}: done in ${Math.round((Date.now() - started) / 1000)} s`);
  return result;
}

const pgDir = (kind) => run(PG_CONFIG, [`--${kind}`]).trim();
const extensionInstalled = (name) => existsSync(path.join(pgDir('sharedir'), 'extension', `${name}.control`));

function missingPackages() {
  return APT_PACKAGES.filter((pkg) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
    return r.status !== 0 || !r.stdout.includes('install ok installed');
  });
}

function installPackages() {
  const missing = missingPackages();
  if (missing.length === 0) return;
  const root = process.getuid?.() === 0;
  if (!root && spawnSync('sudo', ['-n', 'true']).status !== 0) {
    throw new Error(`missing Debian packages and no root to install them: ${missing.join(' ')}`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) =>
    root ? run('apt-get', args, { env }) : run('sudo', ['-n', 'apt-get', ...args], { env });
  timed(`apt-get install ${missing.join(' ')}`, () => {
    apt(['update', '-qq']);
    apt(['install', '-y', '-qq', ...missing]);
  });
}

/** `make install` writes into the machine's PostgreSQL: as root, or through sudo. */
function makeInstall(cwd, args, env) {
  const root = process.getuid?.() === 0;
  if (root) return run('make', ['install', ...args], { cwd, env });
  return run('sudo', ['-n', '--preserve-env=PKG_CONFIG_PATH', 'make', 'install', ...args], { cwd, env });
}

function extract(tarball, into) {
  run('tar', ['xzf', tarball, '-C', into]);
}

function vendored(pattern, folder = '') {
  const dir = path.join(vendorDir, folder);
  const file = existsSync(dir) ? readdirSync(dir).find((name) => pattern.test(name)) : undefined;
  if (!file) throw new Error(`no ${pattern} in ${dir} (set DOCUMENTDB_VENDOR)`);
  return path.join(dir, file);
}

/**
 * Builds what is missing; each step is skipped when its result is present, so a second call does nothing
 * but check. The recipe and why each flag is there: docs/decisions/documentdb.md.
 */
export function ensureBuilt() {
  if (existsSync(stamp) && extensionInstalled('documentdb') && existsSync(ferretBinaryPath())) return;
  const started = Date.now();
  log(`building DocumentDB ${DOCUMENTDB_COMMIT} and FerretDB ${FERRETDB_V2_VERSION} (once per machine) ...`);
  if (process.platform !== 'linux' || !existsSync('/usr/bin/dpkg-query')) {
    throw new Error('the build recipe needs Debian (apt, PostgreSQL 15 packages)');
  }
  installPackages();
  mkdirSync(cacheDir, { recursive: true });
  // Debian's libintelrdfpmath-dev has no pkg-config file and DocumentDB's Makefiles ask for one; without
  // the library linked the extension loads with "undefined symbol: __bid128_sin".
  const pkgconfig = path.join(cacheDir, 'pkgconfig');
  mkdirSync(pkgconfig, { recursive: true });
  writeFileSync(
    path.join(pkgconfig, 'intelmathlib.pc'),
    [
      'Name: intelmathlib',
      'Description: Intel decimal floating-point math library (Debian libintelrdfpmath-dev)',
      'Version: 2.0',
      'Libs: -L/usr/lib/x86_64-linux-gnu -lbidgcc000',
      'Cflags: -I/usr/include',
      '',
    ].join('\n'),
  );
  const env = {
    ...process.env,
    PKG_CONFIG_PATH: [pkgconfig, process.env.PKG_CONFIG_PATH].filter(Boolean).join(':'),
  };
  const work = mkdtempSync(path.join(tmpdir(), 'newsroom-documentdb-src-'));
  try {
    if (!extensionInstalled('vector')) {
      timed('pgvector: make && make install', () => {
        extract(vendored(/^pgvector-.*\.tar\.gz$/, 'pgvector'), work);
        const dir = path.join(work, 'pgvector');
        run('make', [`PG_CONFIG=${PG_CONFIG}`], { cwd: dir, env });
        makeInstall(dir, [`PG_CONFIG=${PG_CONFIG}`], env);
      });
    }
    if (!existsSync(stamp) || !extensionInstalled('documentdb')) {
      extract(vendored(/^documentdb-.*\.tar\.gz$/, 'documentdb'), work);
      // Debian's libbson 1.23 lacks BSON_SUBTYPE_SENSITIVE (0x08); with_llvm=no skips the clang bitcode
      // step, which would ignore COPT.
      const flags = [
        `PG_CONFIG=${PG_CONFIG}`,
        'with_llvm=no',
        'COPT=-DBSON_SUBTYPE_SENSITIVE=0x08 -Wno-error=switch',
      ];
      for (const part of ['pg_documentdb_core', 'pg_documentdb']) {
        timed(`${part}: make && make install`, () => {
          const dir = path.join(work, 'documentdb', part);
          run('make', ['-j2', ...flags], { cwd: dir, env });
          makeInstall(dir, flags, env);
        });
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!process.env.FERRETDB_V2_BIN && !existsSync(ferretBinary)) {
    timed(`go install github.com/FerretDB/FerretDB/v2/cmd/ferretdb@${FERRETDB_V2_VERSION}`, () => {
      const gobin = mkdtempSync(path.join(cacheDir, 'ferretdb-v2-gobin-'));
      try {
        run('go', ['install', `github.com/FerretDB/FerretDB/v2/cmd/ferretdb@${FERRETDB_V2_VERSION}`], {
          env: { ...process.env, GOBIN: gobin },
        });
        run('mv', [path.join(gobin, 'ferretdb'), ferretBinary]);
      } finally {
        rmSync(gobin, { recursive: true, force: true });
      }
    });
  }
  writeFileSync(stamp, `DocumentDB ${DOCUMENTDB_COMMIT} into ${pgDir('pkglibdir')}\n`);
  log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
}

const ferretBinaryPath = () => process.env.FERRETDB_V2_BIN || ferretBinary;

/** PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` user Debian made. */
function clusterOwner() {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(run('id', ['-u', 'postgres']).trim());
  const gid = Number(run('id', ['-g', 'postgres']).trim());
  return { uid, gid };
}

async function stopChild(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/**
 * Starts PostgreSQL with DocumentDB in a temporary directory and FerretDB v2 in front of it, each on a
 * free loopback port. Resolves to { uri, stop }.
 */
export async function startDocumentDb() {
  const owner = clusterOwner();
  const dir = mkdtempSync(path.join(tmpdir(), 'newsroom-documentdb-'));
  const data = path.join(dir, 'data');
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid);
  const children = [];
  let stopping = false;
  const stop = async () => {
    stopping = true;
    // FerretDB first (its connections end), then PostgreSQL's fast shutdown.
    for (const [child, signal] of children.reverse()) await stopChild(child, signal);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const initdb = ['-D', data, '-U', 'newsroom', '--auth=trust', '-E', 'UTF8', '--no-sync'];
    run(path.join(PG_BIN, 'initdb'), initdb, owner);
    const pgPort = await freePort();
    appendFileSync(
      path.join(data, 'postgresql.conf'),
      [
        '',
        '# scripts/documentdb.mjs',
        `port = ${pgPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        "shared_preload_libraries = 'pg_cron, pg_documentdb_core, pg_documentdb'",
        "cron.database_name = 'postgres'",
        // Debian's pg_cron 1.4 refuses DocumentDB's default "2 seconds" schedule; 60 makes it "* * * * *".
        'documentdb.indexBuildScheduleInSec = 60',
        'max_connections = 300',
        // Two inserts of one unique key at once can wait on each other (DocumentDB's unique index is an
        // exclusion constraint); PostgreSQL looks for such a deadlock only after this wait, 1 s by
        // default, which held the aborted write past its 5 s maxTimeMS under load.
        "deadlock_timeout = '20ms'",
        // A test database thrown away after the run: no need to survive a power cut.
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        '',
      ].join('\n'),
    );
    const postgres = spawn(path.join(PG_BIN, 'postgres'), ['-D', data], {
      ...owner,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let pgLog = '';
    postgres.stderr.on('data', (chunk) => {
      pgLog = (pgLog + chunk).slice(-8000);
    });
    children.push([postgres, 'SIGINT']);
    await waitForPort(pgPort, postgres, 'PostgreSQL', 60_000).catch((error) => {
      throw new Error(`${error.message}\n${pgLog.trim()}`);
    });
    // The port answers a moment before the server accepts sessions; psql retries until it does.
    const pgUrl = `postgres://newsroom@127.0.0.1:${pgPort}/postgres`;
    const createExtension = [
      '-v',
      'ON_ERROR_STOP=1',
      '-qc',
      'CREATE EXTENSION IF NOT EXISTS documentdb CASCADE;',
    ];
    for (let attempt = 0; ; attempt++) {
      const r = spawnSync(path.join(PG_BIN, 'psql'), [pgUrl, ...createExtension], { encoding: 'utf8' });
      if (r.status === 0) break;
      if (attempt > 50)
        throw new Error(`CREATE EXTENSION documentdb failed:\n${r.stderr.trim()}\n${pgLog.trim()}`);
      await new Promise((res) => setTimeout(res, 200));
    }
    const port = await freePort();
    const debugPort = await freePort();
    const ferret = spawn(
      ferretBinaryPath(),
      [
        `--postgresql-url=${pgUrl}`,
        `--listen-addr=127.0.0.1:${port}`,
        `--debug-addr=127.0.0.1:${debugPort}`,
        '--no-auth',
        '--telemetry=disable',
        '--log-level=error',
        `--state-dir=${dir}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    // FerretDB v2 logs every query PostgreSQL refuses at level error, each duplicate key the tests make
    // on purpose included: its log is kept and shown only if it stops on its own.
    const ferretLog = [];
    createInterface({ input: ferret.stderr }).on('line', (line) => {
      ferretLog.push(line.slice(0, 2000));
      if (ferretLog.length > 50) ferretLog.shift();
    });
    ferret.once('exit', (code, signal) => {
      if (stopping) return;
      log(`FerretDB v2 stopped on its own (${signal ?? `exit ${code}`}); its last log lines:`);
      process.stderr.write(`${ferretLog.join('\n')}\n`);
    });
    children.push([ferret, 'SIGTERM']);
    await waitForPort(port, ferret, 'FerretDB v2', 30_000);
    return { uri: `mongodb://127.0.0.1:${port}/`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main() {
  const [action, command] = process.argv.slice(2);
  if (action === 'build') {
    try {
      ensureBuilt();
      log(`ready: DocumentDB ${DOCUMENTDB_COMMIT} in PostgreSQL ${PG_MAJOR}, ${ferretBinaryPath()}`);
      return 0;
    } catch (error) {
      log(`FAILED: ${error.message}`);
      return 1;
    }
  }
  if (action !== 'run' || !command) {
    console.error('usage: node scripts/documentdb.mjs build | run "<command>"');
    return 2;
  }
  try {
    ensureBuilt();
  } catch (error) {
    // Said plainly, never a silent skip: the MongoDB engine's tests did not run.
    log(`NOT RUN: DocumentDB could not be built here (${error.message.split('\n')[0]})`);
    return 0;
  }
  const server = await startDocumentDb();
  log(`DocumentDB ${DOCUMENTDB_COMMIT} behind FerretDB ${FERRETDB_V2_VERSION} on ${server.uri}`);
  return runAgainst(server, command, { MONGODB_URI: server.uri, MONGODB_ENGINE: 'documentdb' });
}

if (import.meta.url === `file://${process.argv[1]}`) main().then((code) => process.exit(code));
