/**
 * The embedded durable document store (used when MONGODB_URI is unset).
 *
 * State lives in memory (frozen docs + indexes, see memory.ts); durability comes from files in `dir`:
 * - `journal-<firstSeq>.log`: append-only, one CRC-checked JSON record per acknowledged write.
 *   A write is acknowledged only after its record is written and fdatasync'ed; writes that arrive
 *   while a sync is running share the next one (group commit).
 * - `snapshot.jsonl`: all documents and index definitions up to a sequence number, written to a temp
 *   file, fsync'ed and atomically renamed (compaction). Compaction starts a new journal file first,
 *   so writes continue while the snapshot is written; old journal files are deleted afterwards.
 * - `LOCK`: the pid of the process that has the store open.
 * Recovery loads the snapshot, replays newer journal records and truncates a torn tail of the last
 * journal file (such a record was never acknowledged). Damage anywhere else (a bad record followed
 * by verified ones, or in an earlier file) stops the start with JournalDamagedError.
 *
 * All mutations of one store run synchronously in memory in call order (JS is single-threaded),
 * so concurrent `$inc`s never lose increments, and unique indexes are checked before anything changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type {
  Collection,
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  Store,
  Update,
  UpdateResult,
} from '../port.js';
import { decodeLines, encodeLine, nextVerifiedLine, type JournalRecord } from './journal.js';
import { MemCollection, deepFreeze, type Change, type IndexDef } from './memory.js';

export interface EmbeddedStoreOptions {
  dir: string;
  /** Compact once the current journal file grows past this many bytes (default 16 MiB). */
  compactAfterBytes?: number;
  /** Where recovery notices go (default console.warn). */
  warn?: (message: string) => void;
  /** Makes a journal write durable (default fdatasync). Tests hold it to widen the crash window. */
  sync?: (fd: number) => Promise<void>;
}

interface SnapshotHeader {
  v: 1;
  seq: number;
  indexes: Record<string, IndexDef[]>;
}
type SnapshotLine = SnapshotHeader | { c: string; d: Doc } | { end: true; docs: number };

const SNAPSHOT = 'snapshot.jsonl';
const JOURNAL_RE = /^journal-(\d{16})\.log$/;
const openDirs = new Set<string>();

function fsWrite(fd: number, buf: Buffer, off: number, len: number): Promise<number> {
  return new Promise((resolve, reject) =>
    fs.write(fd, buf, off, len, null, (err, n) => (err ? reject(err) : resolve(n))),
  );
}
const fsDatasync = promisify(fs.fdatasync);

function journalName(firstSeq: number): string {
  return `journal-${String(firstSeq).padStart(16, '0')}.log`;
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

async function writeAll(fd: number, buf: Buffer): Promise<void> {
  let off = 0;
  while (off < buf.length) off += await fsWrite(fd, buf, off, buf.length - off);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Linux: when the process with `pid` started (ms since epoch), to spot a pid reused after a reboot. */
function processStartMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]); // field 22 (starttime), counted after "pid (comm)"
    const btime = /^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1];
    if (!Number.isFinite(ticks) || !btime) return undefined;
    return (Number(btime) + ticks / 100) * 1000; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/** True when the LOCK file's pid is a live process that was already running when the LOCK was written. */
function lockHeld(pid: number, lockFile: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !pidAlive(pid)) return false;
  const started = processStartMs(pid);
  if (started === undefined) return true;
  return started <= fs.statSync(lockFile).mtimeMs + 2000;
}

const isRecord = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as JournalRecord).s === 'number' &&
  typeof (v as JournalRecord).c === 'string';

/**
 * A journal is damaged where acknowledged writes may follow: starting would silently drop them, so
 * the store refuses and says how an operator can choose to lose them instead.
 */
export class JournalDamagedError extends Error {
  constructor(
    readonly file: string,
    readonly offset: number,
    /** Where the next verified record starts in `file`, or -1. */
    readonly nextRecordAt: number,
    readonly laterFiles: string[],
  ) {
    const dir = path.dirname(file);
    const after = [
      nextRecordAt >= 0 ? `verified records follow it (the next at byte ${nextRecordAt})` : '',
      laterFiles.length > 0 ? `${laterFiles.length} later journal file(s) follow it` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const steps = [
      `  1. Copy ${dir} somewhere safe first.`,
      `  2. Either put back the damaged file from a backup, or cut it at the damage: truncate -s ${offset} '${file}'`,
      ...(laterFiles.length > 0
        ? [`     and move the later journal files out of ${dir}: ${laterFiles.join(' ')}`]
        : []),
      `     Cutting LOSES every write recorded after byte ${offset} of that file${laterFiles.length > 0 ? ' and in the later files' : ''}.`,
    ];
    super(
      [
        `embedded store: journal ${file} is damaged at byte ${offset}, and ${after}.`,
        'Refusing to start: what follows may be acknowledged writes, and starting would silently drop them.',
        'To recover:',
        ...steps,
      ].join('\n'),
    );
    this.name = 'JournalDamagedError';
  }
}

export class StoreClosedError extends Error {
  constructor() {
    super('store is closed');
    this.name = 'StoreClosedError';
  }
}

export class EmbeddedStore implements Store {
  readonly kind = 'embedded' as const;
  private readonly colls = new Map<string, MemCollection>();
  private readonly facades = new Map<string, EmbeddedCollection>();
  private readonly warn: (m: string) => void;
  private readonly compactAfterBytes: number;
  private readonly sync: (fd: number) => Promise<void>;

  /** Last sequence number assigned (memory state) and last one known to be on disk. */
  private seq = 0;
  private flushedSeq = 0;
  /** True while a journal write + fdatasync is in flight. */
  private writing = false;
  private fd = -1;
  private journalFiles: string[] = [];
  private journalBytes = 0;

  private pending: string[] = [];
  private waiters: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  /** waitDurable() callers: each resolves once flushedSeq reaches its seq. */
  private barriers: { seq: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private flushPromise: Promise<void> | null = null;
  private compaction: Promise<void> | null = null;
  private failed: unknown = null;
  private closing: Promise<void> | null = null;

  /** Counters for tests and benchmarks. */
  readonly stats = { fsyncs: 0, records: 0, compactions: 0, truncatedBytes: 0 };

  private constructor(
    readonly dir: string,
    options: EmbeddedStoreOptions,
  ) {
    this.warn = options.warn ?? ((m) => console.warn(m));
    this.compactAfterBytes = options.compactAfterBytes ?? 16 * 1024 * 1024;
    this.sync = options.sync ?? fsDatasync;
  }

  static async open(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
    const dir = path.resolve(options.dir);
    if (openDirs.has(dir)) throw new Error(`embedded store ${dir} is already open in this process`);
    fs.mkdirSync(dir, { recursive: true });
    acquireLock(dir);
    openDirs.add(dir);
    const store = new EmbeddedStore(dir, options);
    try {
      store.recover();
    } catch (err) {
      store.releaseLock();
      throw err;
    }
    if (store.journalBytes > store.compactAfterBytes) store.startCompaction();
    return store;
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    let facade = this.facades.get(name);
    if (!facade) {
      if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new Error(`invalid collection name ${name}`);
      facade = new EmbeddedCollection(this, this.mem(name));
      this.facades.set(name, facade);
    }
    return facade as unknown as Collection<T>;
  }

  async waitDurable(): Promise<void> {
    this.assertOpen();
    const seq = this.seq;
    if (this.flushedSeq >= seq) return;
    await new Promise<void>((resolve, reject) => this.barriers.push({ seq, resolve, reject }));
  }

  /** Writes a snapshot now (waits for pending writes first). */
  async compact(): Promise<void> {
    this.assertOpen();
    await this.idle();
    if (this.compaction) await this.compaction;
    await this.idle();
    await this.startCompaction();
  }

  close(): Promise<void> {
    if (!this.closing) {
      this.closing = (async () => {
        await this.idle();
        if (this.compaction) await this.compaction.catch(() => undefined);
        if (this.fd >= 0) fs.closeSync(this.fd);
        this.fd = -1;
        this.releaseLock();
      })();
    }
    return this.closing;
  }

  // ---- internals used by EmbeddedCollection --------------------------------------------------

  mem(name: string): MemCollection {
    let c = this.colls.get(name);
    if (!c) {
      c = new MemCollection(name, (other) => [...this.mem(other).docs.values()]);
      this.colls.set(name, c);
    }
    return c;
  }

  assertOpen(): void {
    if (this.failed) throw new Error(`embedded store failed earlier: ${String(this.failed)}`);
    if (this.closing) throw new StoreClosedError();
  }

  /** Checks unique constraints, applies `changes` in memory and resolves once they are on disk. */
  write(coll: MemCollection, changes: Change[]): Promise<void> {
    this.assertOpen();
    if (changes.length === 0) return Promise.resolve();
    coll.checkUnique(changes);
    coll.apply(changes);
    const puts = changes.filter((c) => c.next).map((c) => c.next!);
    const dels = changes.filter((c) => !c.next).map((c) => c.id);
    const rec: Omit<JournalRecord, 's'> = { c: coll.name };
    if (puts.length) rec.p = puts;
    if (dels.length) rec.d = dels;
    return this.commit(rec);
  }

  commit(rec: Omit<JournalRecord, 's'>): Promise<void> {
    const s = ++this.seq;
    this.pending.push(encodeLine({ s, ...rec }));
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.scheduleFlush();
    return done;
  }

  // ---- group commit -----------------------------------------------------------------------------

  private scheduleFlush(): void {
    if (this.flushPromise) return; // the running loop picks up new records
    this.flushPromise = new Promise<void>((r) => setImmediate(r))
      .then(() => this.flushLoop())
      .finally(() => {
        this.flushPromise = null;
        if (this.pending.length > 0) this.scheduleFlush();
      });
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0) {
      const lines = this.pending;
      const waiters = this.waiters;
      this.pending = [];
      this.waiters = [];
      const buf = Buffer.from(lines.join(''), 'utf8');
      const lastSeq = this.seq; // every assigned seq is in `lines`
      this.writing = true;
      try {
        if (this.failed) throw this.failed;
        await writeAll(this.fd, buf);
        await this.sync(this.fd);
      } catch (err) {
        // Memory now holds writes the disk may not: refuse everything from here on.
        this.failed ??= err;
        for (const w of waiters) w.reject(err);
        for (const b of this.barriers.splice(0)) b.reject(err);
        continue;
      } finally {
        this.writing = false;
      }
      this.flushedSeq = lastSeq;
      this.journalBytes += buf.length;
      this.stats.fsyncs++;
      this.stats.records += lines.length;
      for (const w of waiters) w.resolve();
      if (this.barriers.length > 0) {
        const reached = this.barriers.filter((b) => b.seq <= lastSeq);
        this.barriers = this.barriers.filter((b) => b.seq > lastSeq);
        for (const b of reached) b.resolve();
      }
      if (!this.compaction && !this.closing && this.journalBytes > this.compactAfterBytes) {
        void this.startCompaction();
      }
    }
  }

  private async idle(): Promise<void> {
    while (this.flushPromise) await this.flushPromise.catch(() => undefined);
  }

  // ---- compaction ---------------------------------------------------------------------------------

  /**
   * Captures memory (at `seq`, pending records included) and moves on to a new journal file that
   * starts after the last flushed record, then writes the snapshot in the background. Pending
   * records land in the new file; recovery skips those the snapshot already holds.
   * Only between journal writes (the file switch must not race a write).
   */
  private startCompaction(): Promise<void> {
    if (this.compaction) return this.compaction;
    if (this.writing || this.failed) return Promise.resolve();
    try {
      return this.beginCompaction();
    } catch (err) {
      this.warn(`embedded store: compaction could not start: ${String(err)}`);
      return Promise.resolve();
    }
  }

  private beginCompaction(): Promise<void> {
    const seq = this.seq;
    // Capture: stored docs are frozen, so these arrays are a consistent picture at `seq`.
    const captured = [...this.colls.values()].map((c) => ({
      name: c.name,
      indexes: [...c.indexes.values()].map((i) => i.def),
      docs: [...c.docs.values()],
    }));
    // Switch to a fresh journal so writes go on while the snapshot is written.
    const newFile = journalName(this.flushedSeq + 1);
    // (If the current file already has that name it holds no flushed record: keep appending to it.)
    const oldFiles = this.journalFiles.filter((f) => f !== newFile);
    if (this.journalFiles.at(-1) !== newFile) {
      const fd = fs.openSync(path.join(this.dir, newFile), 'a');
      fsyncDir(this.dir);
      fs.closeSync(this.fd);
      this.fd = fd;
    }
    this.journalFiles = [newFile];
    this.journalBytes = 0;

    this.compaction = this.writeSnapshot(seq, captured)
      .then(() => {
        for (const f of oldFiles) fs.rmSync(path.join(this.dir, f), { force: true });
        fsyncDir(this.dir);
        this.stats.compactions++;
      })
      .catch((err: unknown) => {
        // Old journal files stay, so recovery is still complete; try again later.
        this.journalFiles = [...oldFiles, ...this.journalFiles];
        this.warn(`embedded store: compaction failed: ${String(err)}`);
      })
      .finally(() => {
        this.compaction = null;
      });
    return this.compaction;
  }

  private async writeSnapshot(
    seq: number,
    captured: { name: string; indexes: IndexDef[]; docs: Doc[] }[],
  ): Promise<void> {
    const tmp = path.join(this.dir, `${SNAPSHOT}.tmp`);
    const fh = await fs.promises.open(tmp, 'w');
    try {
      const header: SnapshotHeader = {
        v: 1,
        seq,
        indexes: Object.fromEntries(captured.map((c) => [c.name, c.indexes])),
      };
      let chunk = encodeLine(header);
      let count = 0;
      for (const c of captured) {
        for (const d of c.docs) {
          chunk += encodeLine({ c: c.name, d });
          count++;
          if (chunk.length > 1 << 20) {
            await fh.write(chunk);
            chunk = '';
          }
        }
      }
      chunk += encodeLine({ end: true, docs: count });
      await fh.write(chunk);
      await fh.sync();
    } finally {
      await fh.close();
    }
    fs.renameSync(tmp, path.join(this.dir, SNAPSHOT));
    fsyncDir(this.dir);
  }

  // ---- recovery -----------------------------------------------------------------------------------

  private recover(): void {
    fs.rmSync(path.join(this.dir, `${SNAPSHOT}.tmp`), { force: true });
    const snapPath = path.join(this.dir, SNAPSHOT);
    if (fs.existsSync(snapPath)) this.loadSnapshot(snapPath);

    const files = fs
      .readdirSync(this.dir)
      .filter((f) => JOURNAL_RE.test(f))
      .sort();
    for (let i = 0; i < files.length; i++) {
      const file = files[i]!;
      const full = path.join(this.dir, file);
      const buf = fs.readFileSync(full);
      const { values, ends, totalBytes } = decodeLines<JournalRecord>(buf);
      let goodBytes = 0;
      for (let k = 0; k < values.length; k++) {
        const rec = values[k]!;
        if (typeof rec !== 'object' || rec === null || typeof rec.s !== 'number' || typeof rec.c !== 'string')
          break;
        if (rec.s > this.seq + 1) {
          throw new Error(
            `embedded store: journal ${file} skips from ${this.seq} to ${rec.s}; refusing to start`,
          );
        }
        if (rec.s === this.seq + 1) {
          this.replay(rec);
          this.seq = rec.s;
        }
        goodBytes = ends[k]!;
      }
      if (goodBytes < totalBytes) {
        // Only the end of the last file can be a write that never completed (so never acknowledged).
        const nextRecordAt = nextVerifiedLine(buf, goodBytes, isRecord);
        if (nextRecordAt >= 0 || i !== files.length - 1) {
          throw new JournalDamagedError(full, goodBytes, nextRecordAt, files.slice(i + 1));
        }
        this.warn(
          `embedded store: dropped ${totalBytes - goodBytes} bytes of a torn/corrupt last record in ${file}`,
        );
        fs.truncateSync(full, goodBytes);
        this.stats.truncatedBytes += totalBytes - goodBytes;
      }
    }
    this.flushedSeq = this.seq;
    if (files.length > 0) {
      const last = files[files.length - 1]!;
      this.journalFiles = files;
      this.fd = fs.openSync(path.join(this.dir, last), 'a');
      fs.fdatasyncSync(this.fd);
      for (const f of files) this.journalBytes += fs.statSync(path.join(this.dir, f)).size;
    } else {
      const name = journalName(this.seq + 1);
      this.fd = fs.openSync(path.join(this.dir, name), 'a');
      fsyncDir(this.dir);
      this.journalFiles = [name];
    }
  }

  private loadSnapshot(file: string): void {
    const buf = fs.readFileSync(file);
    const { values, validBytes, totalBytes } = decodeLines<SnapshotLine>(buf);
    const header = values[0] as SnapshotHeader | undefined;
    const end = values[values.length - 1] as { end?: boolean; docs?: number } | undefined;
    if (
      validBytes !== totalBytes ||
      !header ||
      header.v !== 1 ||
      !end?.end ||
      end.docs !== values.length - 2
    ) {
      throw new Error(`embedded store: snapshot ${file} is damaged; refusing to start`);
    }
    for (const [name, defs] of Object.entries(header.indexes)) {
      for (const def of defs) this.mem(name).addIndex(def);
    }
    for (let i = 1; i < values.length - 1; i++) {
      const line = values[i] as { c: string; d: Doc };
      this.mem(line.c).apply([{ id: line.d._id, old: undefined, next: deepFreeze(line.d) }]);
    }
    this.seq = header.seq;
  }

  private replay(rec: JournalRecord): void {
    const coll = this.mem(rec.c);
    if (rec.i) coll.addIndex(rec.i);
    if (rec.p) coll.apply(rec.p.map((d) => ({ id: d._id, old: undefined, next: deepFreeze(d) })));
    if (rec.d) coll.apply(rec.d.map((id) => ({ id, old: undefined, next: undefined })));
  }

  // ---- lock ---------------------------------------------------------------------------------------

  private releaseLock(): void {
    if (!openDirs.has(this.dir)) return;
    openDirs.delete(this.dir);
    try {
      const lock = path.join(this.dir, 'LOCK');
      if (fs.readFileSync(lock, 'utf8').trim() === String(process.pid)) fs.rmSync(lock, { force: true });
    } catch {
      // already gone
    }
  }
}

function acquireLock(dir: string): void {
  const lock = path.join(dir, 'LOCK');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = Number(fs.readFileSync(lock, 'utf8').trim());
    if (lockHeld(pid, lock)) {
      throw new Error(`embedded store ${dir} is in use by process ${pid}`);
    }
    fs.rmSync(lock, { force: true }); // stale: its process is gone
  }
  throw new Error(`embedded store ${dir}: could not take LOCK`);
}

class EmbeddedCollection implements Collection<Doc> {
  constructor(
    private readonly store: EmbeddedStore,
    private readonly mem: MemCollection,
  ) {}

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<Doc | null> {
    this.store.assertOpen();
    return this.mem.find(filter, { ...options, limit: 1 })[0] ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<Doc[]> {
    this.store.assertOpen();
    return this.mem.find(filter, options);
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    this.store.assertOpen();
    return this.mem.count(filter);
  }

  async insertOne(doc: Doc): Promise<void> {
    this.store.assertOpen();
    await this.store.write(this.mem, this.mem.planInsert([doc]));
  }

  async insertMany(docs: Doc[]): Promise<void> {
    this.store.assertOpen();
    await this.store.write(this.mem, this.mem.planInsert(docs));
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    this.store.assertOpen();
    const plan = this.mem.planUpdate(filter, update, { upsert: options.upsert });
    await this.store.write(this.mem, plan.changes);
    return {
      matchedCount: plan.matched,
      modifiedCount: plan.upsertedId ? 0 : plan.changes.length,
      upsertedId: plan.upsertedId,
    };
  }

  async findOneAndUpdate(
    filter: Filter,
    update: Update,
    options: { upsert?: boolean } = {},
  ): Promise<Doc | null> {
    this.store.assertOpen();
    const plan = this.mem.planUpdate(filter, update, { upsert: options.upsert });
    await this.store.write(this.mem, plan.changes);
    const doc = plan.docs[0];
    return doc ? structuredClone(doc) : null;
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    this.store.assertOpen();
    const plan = this.mem.planUpdate(filter, update, { many: true });
    await this.store.write(this.mem, plan.changes);
    return { matchedCount: plan.matched, modifiedCount: plan.changes.length, upsertedId: null };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    this.store.assertOpen();
    const changes = this.mem.planDelete(filter, false);
    await this.store.write(this.mem, changes);
    return { deletedCount: changes.length };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    this.store.assertOpen();
    const changes = this.mem.planDelete(filter, true);
    await this.store.write(this.mem, changes);
    return { deletedCount: changes.length };
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    this.store.assertOpen();
    return this.mem.aggregate(pipeline) as R[];
  }

  async createIndex(spec: IndexSpec): Promise<void> {
    this.store.assertOpen();
    const def = this.mem.addIndex(spec);
    if (def) await this.store.commit({ c: this.mem.name, i: def });
  }
}

export function openEmbeddedStore(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
  return EmbeddedStore.open(options);
}
