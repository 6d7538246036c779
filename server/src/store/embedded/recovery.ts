/**
 * Start-up recovery: load the snapshot, replay newer journal records and truncate a torn tail of the
 * last journal file (such a record was never acknowledged). Damage anywhere else (a bad record
 * followed by verified ones, or in an earlier file) stops the start with JournalDamagedError.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fsyncDir, JOURNAL_RE, journalName, SNAPSHOT } from './files.js';
import type { Doc } from '../port.js';
import { decodeLines, nextVerifiedLine, type JournalRecord } from './journal.js';
import { deepFreeze } from './keys.js';
import type { MemCollection } from './memory.js';
import { readSnapshot } from './snapshot.js';
import { lineSpans } from './spans.js';
import { Segment, SPILL_MIN_CHARS, spilledCopy, TextLoc } from './spill.js';

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

export interface Recovered {
  /** Last sequence number on disk. */
  seq: number;
  /** Journal files in order; the last one is open for appending as `fd`. */
  files: string[];
  fd: number;
  /** Bytes in all journal files. */
  journalBytes: number;
  truncatedBytes: number;
  /** The files that long strings were left in (spill.ts), open for reading. */
  snapshot: Segment | null;
  journals: Map<string, Segment>;
}

/** The stored form of `docs`, parsed from the verified `line` at `start` of `seg`: long strings stay on disk. */
function spilled(docs: Doc[], coll: MemCollection, seg: () => Segment, start: number, line: Buffer): Doc[] {
  if (line.length <= SPILL_MIN_CHARS) return docs;
  const locs = new Map<number, Map<string, TextLoc>>();
  for (const r of lineSpans(line, coll.keep)) {
    let mine = locs.get(r.doc);
    if (!mine) locs.set(r.doc, (mine = new Map()));
    mine.set(r.field, new TextLoc(seg(), start + r.start, r.length));
  }
  return locs.size === 0 ? docs : docs.map((d, i) => (locs.has(i) ? spilledCopy(d, locs.get(i)!) : d));
}

/** Rebuilds every collection through `mem` from the files in `dir`. */
export function recover(
  dir: string,
  mem: (name: string) => MemCollection,
  warn: (message: string) => void,
): Recovered {
  let seq = 0;
  let truncatedBytes = 0;
  let snapshot: Segment | null = null;
  const journals = new Map<string, Segment>();
  fs.rmSync(path.join(dir, `${SNAPSHOT}.tmp`), { force: true });
  const snapPath = path.join(dir, SNAPSHOT);
  if (fs.existsSync(snapPath)) {
    const seg = (snapshot = new Segment(snapPath));
    readSnapshot(
      snapPath,
      (at, indexes) => {
        seq = at;
        for (const [name, defs] of Object.entries(indexes)) {
          for (const def of defs) mem(name).addIndex(def);
        }
      },
      (c, d, start, line) => {
        const coll = mem(c);
        const [next] = spilled([deepFreeze(d)], coll, () => seg, start, line);
        coll.apply([{ id: d._id, old: undefined, next }]);
      },
    );
  }

  const replay = (rec: JournalRecord, seg: () => Segment, start: number, line: Buffer): void => {
    const coll = mem(rec.c);
    if (rec.i) coll.addIndex(rec.i);
    if (rec.x) coll.dropIndex(rec.x);
    if (rec.p) {
      const docs = spilled(rec.p.map(deepFreeze), coll, seg, start, line);
      coll.apply(docs.map((d) => ({ id: d._id, old: undefined, next: d })));
    }
    if (rec.d) coll.apply(rec.d.map((id) => ({ id, old: undefined, next: undefined })));
  };

  const files = fs
    .readdirSync(dir)
    .filter((f) => JOURNAL_RE.test(f))
    .sort();
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    const full = path.join(dir, file);
    const buf = fs.readFileSync(full);
    const { values, ends, totalBytes } = decodeLines<JournalRecord>(buf);
    let goodBytes = 0;
    for (let k = 0; k < values.length; k++) {
      const rec = values[k]!;
      if (!isRecord(rec)) break;
      if (rec.s > seq + 1) {
        throw new Error(`embedded store: journal ${file} skips from ${seq} to ${rec.s}; refusing to start`);
      }
      if (rec.s === seq + 1) {
        const seg = () => journals.get(file) ?? journals.set(file, new Segment(full)).get(file)!;
        const start = k === 0 ? 0 : ends[k - 1]!;
        replay(rec, seg, start, buf.subarray(start, ends[k]! - 1));
        seq = rec.s;
      }
      goodBytes = ends[k]!;
    }
    if (goodBytes < totalBytes) {
      // Only the end of the last file can be a write that never completed (so never acknowledged).
      const nextRecordAt = nextVerifiedLine(buf, goodBytes, isRecord);
      if (nextRecordAt >= 0 || i !== files.length - 1) {
        throw new JournalDamagedError(full, goodBytes, nextRecordAt, files.slice(i + 1));
      }
      warn(
        `embedded store: dropped ${totalBytes - goodBytes} bytes of a torn/corrupt last record in ${file}`,
      );
      fs.truncateSync(full, goodBytes);
      truncatedBytes += totalBytes - goodBytes;
    }
  }
  let fd: number;
  let journalBytes = 0;
  if (files.length > 0) {
    fd = fs.openSync(path.join(dir, files[files.length - 1]!), 'a');
    fs.fdatasyncSync(fd);
    for (const f of files) journalBytes += fs.statSync(path.join(dir, f)).size;
  } else {
    const name = journalName(seq + 1);
    fd = fs.openSync(path.join(dir, name), 'a');
    fsyncDir(dir);
    files.push(name);
  }
  return { seq, files, fd, journalBytes, truncatedBytes, snapshot, journals };
}
