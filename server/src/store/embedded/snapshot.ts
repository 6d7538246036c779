/**
 * `snapshot.jsonl`: every document and index definition up to a sequence number, one verified line
 * each (journal.ts format), written to a temp file, fsync'ed and atomically renamed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Doc } from '../port.js';
import { fsyncDir, SNAPSHOT } from './files.js';
import type { IndexDef } from './index-state.js';
import { encodeLine, readLines } from './journal.js';
import { lineSpans } from './spans.js';
import { Segment, SPILL_MIN_CHARS, withoutCaching, type Span } from './spill.js';

interface SnapshotHeader {
  v: 1;
  seq: number;
  indexes: Record<string, IndexDef[]>;
}

/** One collection as captured for a snapshot (stored docs are frozen: a consistent picture). */
export interface CapturedCollection {
  name: string;
  indexes: IndexDef[];
  docs: Doc[];
  /** Fields that stay in memory (spill.ts). */
  keep: (field: string) => boolean;
}

/**
 * Writes and renames the snapshot; returns it open for reading, with where each captured
 * collection's long strings now lie in it (`spans[i]` for `captured[i]`).
 */
export async function writeSnapshot(
  dir: string,
  seq: number,
  captured: CapturedCollection[],
): Promise<{ seg: Segment; spans: Span[][] }> {
  const tmp = path.join(dir, `${SNAPSHOT}.tmp`);
  const fh = await fs.promises.open(tmp, 'w');
  const spans: Span[][] = captured.map(() => []);
  try {
    const header: SnapshotHeader = {
      v: 1,
      seq,
      indexes: Object.fromEntries(captured.map((c) => [c.name, c.indexes])),
    };
    let chunk = encodeLine(header);
    let offset = 0; // file offset of chunk[0]
    let chunkBytes = Buffer.byteLength(chunk);
    let count = 0;
    for (const [i, c] of captured.entries()) {
      for (const d of c.docs) {
        const line = withoutCaching(() => encodeLine({ c: c.name, d }));
        const at = offset + chunkBytes;
        if (line.length > SPILL_MIN_CHARS) {
          for (const r of lineSpans(Buffer.from(line), c.keep))
            spans[i]!.push({ doc: d, field: r.field, start: at + r.start, length: r.length });
        }
        chunk += line;
        chunkBytes += Buffer.byteLength(line);
        count++;
        if (chunkBytes > 1 << 20) {
          await fh.write(chunk);
          offset += chunkBytes;
          chunk = '';
          chunkBytes = 0;
        }
      }
    }
    chunk += encodeLine({ end: true, docs: count });
    await fh.write(chunk);
    await fh.sync();
  } finally {
    await fh.close();
  }
  const seg = new Segment(tmp);
  try {
    fs.renameSync(tmp, path.join(dir, SNAPSHOT));
    fsyncDir(dir);
  } catch (err) {
    seg.close();
    throw err;
  }
  return { seg, spans };
}

/**
 * Streams a snapshot: `onHeader` first, then `onDoc` per document with its line's offset and bytes.
 * A damaged snapshot stops the start (it was renamed in only once complete).
 */
export function readSnapshot(
  file: string,
  onHeader: (seq: number, indexes: Record<string, IndexDef[]>) => void,
  onDoc: (c: string, d: Doc, start: number, line: Buffer) => void,
): void {
  const damaged = () => new Error(`embedded store: snapshot ${file} is damaged; refusing to start`);
  let lines = 0;
  let docs = 0;
  let end: { end?: boolean; docs?: number } | undefined;
  const { validBytes, totalBytes } = readLines(file, (value, start, line) => {
    if (end) throw damaged();
    const v = value as Partial<SnapshotHeader> & { c?: string; d?: Doc; end?: boolean; docs?: number };
    if (lines++ === 0) {
      if (v.v !== 1 || typeof v.seq !== 'number' || !v.indexes) throw damaged();
      onHeader(v.seq, v.indexes);
    } else if (v.end) {
      end = v;
    } else {
      if (typeof v.c !== 'string' || !v.d) throw damaged();
      docs++;
      onDoc(v.c, v.d, start, line);
    }
  });
  if (validBytes !== totalBytes || !end || end.docs !== docs) throw damaged();
}
