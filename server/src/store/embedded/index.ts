/**
 * The embedded durable document store (used when MONGODB_URI is unset).
 *
 * State lives in memory (frozen docs + indexes, see memory.ts); durability comes from files in `dir`:
 * - `journal-<firstSeq>.log`: append-only, one CRC-checked JSON record per acknowledged write
 *   (journal-writer.ts: acknowledged only once fdatasync'ed; concurrent writes share a sync).
 * - `snapshot.jsonl`: all documents and index definitions up to a sequence number (snapshot.ts).
 *   Compaction starts a new journal file first, so writes continue while the snapshot is written;
 *   old journal files are deleted afterwards.
 * - `LOCK`: the pid of the process that has the store open (lock.ts).
 * Recovery (recovery.ts) loads the snapshot, replays newer journal records and truncates a torn tail.
 *
 * All mutations of one store run synchronously in memory in call order (JS is single-threaded),
 * so concurrent `$inc`s never lose increments, and unique indexes are checked before anything changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Collection, Doc, Store } from '../port.js';
import { EmbeddedCollection, type StoreCore } from './collection.js';
import { fsDatasync, fsyncDir, journalName } from './files.js';
import type { JournalRecord } from './journal.js';
import { JournalWriter } from './journal-writer.js';
import { lockStoreDir, unlockStoreDir } from './lock.js';
import { MemCollection, type Change } from './memory.js';
import { recover } from './recovery.js';
import { writeSnapshot } from './snapshot.js';
import { locOf, Segment, TextLoc, type Span } from './spill.js';

export { JournalDamagedError } from './recovery.js';

export interface EmbeddedStoreOptions {
  dir: string;
  /** Compact once the current journal file grows past this many bytes (default 16 MiB). */
  compactAfterBytes?: number;
  /** Where recovery notices go (default console.warn). */
  warn?: (message: string) => void;
  /** Makes a journal write durable (default fdatasync). Tests hold it to widen the crash window. */
  sync?: (fd: number) => Promise<void>;
}

export class StoreClosedError extends Error {
  constructor() {
    super('store is closed');
    this.name = 'StoreClosedError';
  }
}

export class EmbeddedStore implements Store, StoreCore {
  readonly kind = 'embedded' as const;
  private readonly colls = new Map<string, MemCollection>();
  private readonly facades = new Map<string, EmbeddedCollection>();
  private readonly warn: (m: string) => void;
  private readonly compactAfterBytes: number;
  private readonly journal: JournalWriter;
  private compaction: Promise<void> | null = null;
  private closing: Promise<void> | null = null;
  /** Files that long strings of stored documents are read from (spill.ts). */
  private snapshotSeg: Segment | null = null;
  private readonly journalSegs = new Map<string, Segment>();

  /** Counters for tests and benchmarks. */
  readonly stats = { fsyncs: 0, records: 0, compactions: 0, truncatedBytes: 0 };

  private constructor(
    readonly dir: string,
    options: EmbeddedStoreOptions,
  ) {
    this.warn = options.warn ?? ((m) => console.warn(m));
    this.compactAfterBytes = options.compactAfterBytes ?? 16 * 1024 * 1024;
    this.journal = new JournalWriter(options.sync ?? fsDatasync, this.stats, () => {
      if (!this.compaction && !this.closing && this.journal.bytes > this.compactAfterBytes) {
        void this.startCompaction();
      }
    });
  }

  static async open(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
    const dir = path.resolve(options.dir);
    lockStoreDir(dir);
    const store = new EmbeddedStore(dir, options);
    try {
      const r = recover(dir, (name) => store.mem(name), store.warn);
      Object.assign(store.journal, {
        seq: r.seq,
        flushedSeq: r.seq,
        fd: r.fd,
        files: r.files,
        bytes: r.journalBytes,
      });
      store.stats.truncatedBytes += r.truncatedBytes;
      store.snapshotSeg = r.snapshot;
      for (const [file, seg] of r.journals) store.journalSegs.set(file, seg);
    } catch (err) {
      unlockStoreDir(dir);
      throw err;
    }
    if (store.journal.bytes > store.compactAfterBytes) void store.startCompaction();
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
    await this.journal.waitDurable();
  }

  /** Writes a snapshot now (waits for pending writes first). */
  async compact(): Promise<void> {
    this.assertOpen();
    await this.journal.idle();
    if (this.compaction) await this.compaction;
    await this.journal.idle();
    await this.startCompaction();
  }

  close(): Promise<void> {
    if (!this.closing) {
      this.closing = (async () => {
        await this.journal.idle();
        if (this.compaction) await this.compaction.catch(() => undefined);
        this.journal.close();
        this.snapshotSeg?.close();
        for (const seg of this.journalSegs.values()) seg.close();
        unlockStoreDir(this.dir);
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

  async ping(): Promise<void> {
    this.assertOpen();
  }

  assertOpen(): void {
    if (this.journal.failed) throw new Error(`embedded store failed earlier: ${String(this.journal.failed)}`);
    if (this.closing) throw new StoreClosedError();
  }

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
    if (!puts.length) return this.commit(rec);
    return this.journal.append(rec, {
      keep: coll.keep,
      onDurable: (file, spans) => {
        let seg = this.journalSegs.get(file);
        if (!seg) this.journalSegs.set(file, (seg = new Segment(path.join(this.dir, file))));
        spillAt(coll, seg, spans);
      },
    });
  }

  commit(rec: Omit<JournalRecord, 's'>): Promise<void> {
    return this.journal.append(rec);
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
    if (this.journal.writing || this.journal.failed) return Promise.resolve();
    try {
      return this.beginCompaction();
    } catch (err) {
      this.warn(`embedded store: compaction could not start: ${String(err)}`);
      return Promise.resolve();
    }
  }

  private beginCompaction(): Promise<void> {
    const journal = this.journal;
    const seq = journal.seq;
    // Capture: stored docs are frozen, so these arrays are a consistent picture at `seq`.
    const colls = [...this.colls.values()];
    const captured = colls.map((c) => ({
      name: c.name,
      indexes: [...c.indexes.values()].map((i) => i.def),
      docs: [...c.docs.values()],
      keep: c.keep,
    }));
    // Switch to a fresh journal so writes go on while the snapshot is written.
    const newFile = journalName(journal.flushedSeq + 1);
    // (If the current file already has that name it holds no flushed record: keep appending to it.)
    const oldFiles = journal.files.filter((f) => f !== newFile);
    if (journal.files.at(-1) !== newFile) {
      const fd = fs.openSync(path.join(this.dir, newFile), 'a');
      fsyncDir(this.dir);
      fs.closeSync(journal.fd);
      journal.fd = fd;
    }
    journal.files = [newFile];
    journal.bytes = 0;

    this.compaction = writeSnapshot(this.dir, seq, captured)
      .then(({ seg, spans }) => {
        // Every stored text now reads from the snapshot, so the old files can go.
        for (const [i, coll] of colls.entries()) spillAt(coll, seg, spans[i]!);
        this.snapshotSeg?.close();
        this.snapshotSeg = seg;
        for (const f of oldFiles) {
          fs.rmSync(path.join(this.dir, f), { force: true });
          this.journalSegs.get(f)?.close();
          this.journalSegs.delete(f);
        }
        fsyncDir(this.dir);
        this.stats.compactions++;
      })
      .catch((err: unknown) => {
        // Old journal files stay, so recovery is still complete; try again later.
        journal.files = [...oldFiles, ...journal.files];
        this.warn(`embedded store: compaction failed: ${String(err)}`);
      })
      .finally(() => {
        this.compaction = null;
      });
    return this.compaction;
  }
}

/**
 * Points each span's string at `seg`: a text already on disk moves there (its old file may go);
 * a document still whole in memory is replaced by one that reads the text from `seg`.
 */
function spillAt(coll: MemCollection, seg: Segment, spans: Span[]): void {
  const fresh = new Map<Doc, Map<string, TextLoc>>();
  for (const s of spans) {
    const loc = locOf(s.doc, s.field);
    if (loc) {
      loc.seg = seg;
      loc.offset = s.start;
      loc.length = s.length;
      continue;
    }
    let mine = fresh.get(s.doc);
    if (!mine) fresh.set(s.doc, (mine = new Map()));
    mine.set(s.field, new TextLoc(seg, s.start, s.length));
  }
  for (const [doc, locs] of fresh) coll.spill(doc, locs);
}

export function openEmbeddedStore(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
  return EmbeddedStore.open(options);
}
