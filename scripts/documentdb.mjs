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
// How it is built: scripts/documentdb-build.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  DOCUMENTDB_COMMIT,
  FERRETDB_V2_VERSION,
  PG_BIN,
  PG_MAJOR,
  ensureBuilt,
  ferretBinaryPath,
  log,
  run,
} from './documentdb-build.mjs';
import { freePort } from './free-port.mjs';
import { runAgainst, waitForPort } from './local-server.mjs';

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
