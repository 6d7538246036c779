/**
 * The journal's writer: appends one verified line per write to the current journal file and
 * acknowledges it only after it is written and fdatasync'ed. Writes that arrive while a sync is
 * running share the next one (group commit). After a failed write or sync, memory holds writes the
 * disk may not, so every later write is refused.
 */
import fs from 'node:fs';
import { writeAll } from './files.js';
import { encodeLine, type JournalRecord } from './journal.js';
import { lineSpans } from './spans.js';
import { SPILL_MIN_CHARS, type Span } from './spill.js';

interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** Where a record's long strings landed, once it is durable: `file` is the journal file's name. */
export interface SpillTarget {
  keep: (field: string) => boolean;
  onDurable: (file: string, spans: Span[]) => void;
}

interface Pending {
  line: string;
  spans?: Span[];
  target?: SpillTarget;
}

export interface WriterStats {
  fsyncs: number;
  records: number;
}

export class JournalWriter {
  /** Last sequence number assigned (memory state) and last one known to be on disk. */
  seq = 0;
  flushedSeq = 0;
  /** True while a journal write + fdatasync is in flight (the file must not be switched then). */
  writing = false;
  /** The journal file being appended to, and every journal file not yet replaced by a snapshot. */
  fd = -1;
  files: string[] = [];
  /** Bytes in all of `files`. */
  bytes = 0;
  failed: unknown = null;

  private pending: Pending[] = [];
  private waiters: Waiter[] = [];
  /** waitDurable() callers: each resolves once flushedSeq reaches its seq. */
  private barriers: (Waiter & { seq: number })[] = [];
  private flushPromise: Promise<void> | null = null;

  constructor(
    private readonly sync: (fd: number) => Promise<void>,
    private readonly stats: WriterStats,
    /** Called after each durable batch (compaction may start there: no write is in flight). */
    private readonly afterFlush: () => void,
  ) {}

  /** Assigns the next sequence number; resolves once the record is durable. */
  append(rec: Omit<JournalRecord, 's'>, target?: SpillTarget): Promise<void> {
    const s = ++this.seq;
    const line = encodeLine({ s, ...rec });
    const docs = rec.p;
    const spans =
      target && docs && line.length > SPILL_MIN_CHARS
        ? lineSpans(Buffer.from(line), target.keep).map((r) => ({ ...r, doc: docs[r.doc]! }))
        : [];
    this.pending.push(spans.length > 0 ? { line, spans, target } : { line });
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.scheduleFlush();
    return done;
  }

  /** Resolves once every record appended so far is durable. */
  async waitDurable(): Promise<void> {
    const seq = this.seq;
    if (this.flushedSeq >= seq) return;
    await new Promise<void>((resolve, reject) => this.barriers.push({ seq, resolve, reject }));
  }

  /** Resolves once no write is pending or in flight. */
  async idle(): Promise<void> {
    while (this.flushPromise) await this.flushPromise.catch(() => undefined);
  }

  close(): void {
    if (this.fd >= 0) fs.closeSync(this.fd);
    this.fd = -1;
  }

  /** Tells each record's target where its long strings now are on disk (`at`: the batch's offset). */
  private spillDurable(lines: Pending[], file: string, at: number): void {
    if (!lines.some((p) => p.spans)) return;
    for (const p of lines) {
      if (p.spans && p.target) {
        p.target.onDurable(
          file,
          p.spans.map((s) => ({ ...s, start: s.start + at })),
        );
      }
      at += Buffer.byteLength(p.line);
    }
  }

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
      const buf = Buffer.from(lines.map((p) => p.line).join(''), 'utf8');
      const lastSeq = this.seq; // every assigned seq is in `lines`
      const file = this.files.at(-1)!;
      let at: number;
      this.writing = true;
      try {
        if (this.failed) throw this.failed;
        at = fs.fstatSync(this.fd).size; // appending: the batch starts here
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
      this.bytes += buf.length;
      this.stats.fsyncs++;
      this.stats.records += lines.length;
      this.spillDurable(lines, file, at);
      for (const w of waiters) w.resolve();
      if (this.barriers.length > 0) {
        const reached = this.barriers.filter((b) => b.seq <= lastSeq);
        this.barriers = this.barriers.filter((b) => b.seq > lastSeq);
        for (const b of reached) b.resolve();
      }
      this.afterFlush();
    }
  }
}
