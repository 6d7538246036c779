// Building DocumentDB and FerretDB v2 once per machine for scripts/documentdb.mjs (the recipe and why
// each flag: docs/decisions/documentdb.md). DOCUMENTDB_VENDOR names the folder holding
// documentdb-*.tar.gz and pgvector/ (default: ../shared/vendor beside the repository, or beside the
// repository it was cloned from); FERRETDB_V2_BIN names a FerretDB v2 binary to use instead of the
// cached build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The vendored DocumentDB snapshot (extension 0.108-0) and the FerretDB v2 release that accepts it. */
export const DOCUMENTDB_COMMIT = 'b2e220c4';
export const FERRETDB_V2_VERSION = 'v2.7.0';
export const PG_MAJOR = '15';
export const PG_BIN = `/usr/lib/postgresql/${PG_MAJOR}/bin`;
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
/**
 * shared/vendor beside the repository, or beside the repository it was cloned from (a CI checkout in a
 * temp dir cloned from a working copy that has shared/ beside it).
 */
function defaultVendorDir() {
  const beside = (root) => path.resolve(root, '..', 'shared', 'vendor');
  const origin = spawnSync('git', ['remote', 'get-url', 'origin'], { cwd: repoRoot, encoding: 'utf8' });
  const originPath = origin.status === 0 ? origin.stdout.trim().replace(/^file:\/\//, '') : '';
  const candidates = [beside(repoRoot), ...(path.isAbsolute(originPath) ? [beside(originPath)] : [])];
  return candidates.find((dir) => existsSync(dir)) ?? candidates[0];
}
const vendorDir = process.env.DOCUMENTDB_VENDOR || defaultVendorDir();
const cacheDir = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'newsroom');
const ferretBinary = path.join(cacheDir, `ferretdb-${FERRETDB_V2_VERSION}`);
// Written last by a build that finished; names what was installed into the machine's PostgreSQL.
const stamp = path.join(cacheDir, `documentdb-${DOCUMENTDB_COMMIT}-pg${PG_MAJOR}.built`);
export const log = (msg) => console.log(`[documentdb] ${msg}`);

/** Runs a command; its output is kept. Throws with the command's last lines when it fails. */
export function run(cmd, args, options = {}) {
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

export const ferretBinaryPath = () => process.env.FERRETDB_V2_BIN || ferretBinary;
